// scripts/record-frames.mjs refuses what it does not know before it records (a mistyped flag once
// ran the default recording and overwrote the committed fixtures), and `--help` prints its usage.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

const fixture = 'test/fixtures/frames/chromium-idle.json';
const run = (...args: string[]) => {
  // Killed after 20 s: a broken guard would start a real recording (a minute before it writes a file).
  const child = spawnSync(process.execPath, ['scripts/record-frames.mjs', ...args], { encoding: 'utf8', timeout: 20_000 });
  return { code: child.status, out: child.stdout + child.stderr };
};

// A child process that loads playwright-core and puppeteer-core: about 1 s alone, so 30 s of headroom under load.
describe('record-frames', { timeout: 30_000 }, () => {
  it('refuses an unknown option, names it and the known ones, and records nothing', () => {
    const before = { text: readFileSync(fixture, 'utf8'), mtime: statSync(fixture).mtimeMs };
    const { code, out } = run('--hepl');
    expect(code).toBe(2);
    expect(out).toContain('unknown option --hepl');
    expect(out).toContain('--browser, --scenario, --streams, --session, --out, --help');
    expect(out).toContain('Nothing was recorded');
    expect(readFileSync(fixture, 'utf8')).toBe(before.text);
    expect(statSync(fixture).mtimeMs).toBe(before.mtime);
  });

  it('takes a value that starts like an option (`--out -dir`) as the value, not as an option', () => {
    const { out } = run('--streams', 'no-such-stream', '--out', '-x', '--bogus');
    expect(out).toContain('unknown option --bogus');
    expect(out).not.toContain('unknown option -x');
  });

  it('prints its usage for --help and records nothing', () => {
    const { code, out } = run('--help');
    expect(code).toBe(0);
    expect(out).toContain('node scripts/record-frames.mjs --browser firefox');
    expect(out).toContain('--streams: see scripts/lib/recordStreams.mjs');
    expect(out).not.toMatch(/frames over/);
  });
});
