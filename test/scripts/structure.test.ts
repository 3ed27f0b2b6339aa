// scripts/check-structure.mjs, the `structure` step of `npm test`: it fails on a tree past its limits.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'react-timestep-structure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(files: Record<string, string>) {
  const root = join(dir, `tree-${Object.keys(files).join('-').replace(/\W/g, '')}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  const run = spawnSync(process.execPath, ['scripts/check-structure.mjs', '--check', '--root', root], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout + run.stderr };
}

const lines = (n: number, line: string) => Array.from({ length: n }, () => line).join('\n') + '\n';

// Each case parses a tree with TypeScript in a child process: about 1.5 s alone, so 30 s of headroom under load.
describe('check-structure', { timeout: 30_000 }, () => {
  it('passes a small tree', () => {
    const { code, out } = check({ 'a/index.ts': 'export const a = 1;\n' });
    expect(out).toContain('structure: within the limits');
    expect(code).toBe(0);
  });

  it('fails a file over 400 lines, naming it', () => {
    const { code, out } = check({ 'long/index.ts': lines(401, 'export const x = 1;') });
    expect(out).toMatch(/401 {2}.*long\/index\.ts/);
    expect(out).toContain('1 file(s) over 400 lines');
    expect(code).toBe(1);
  });

  it('keeps a file of exactly 400 lines', () => {
    const { code } = check({ 'edge/index.ts': lines(400, 'export const x = 1;') });
    expect(code).toBe(0);
  });

  it('fails a function over 80 lines of its own and an import into another folder', () => {
    const body = lines(81, '  n++;');
    const { code, out } = check({ 'f/index.ts': `let n = 0;\nexport function big() {\n${body}}\n`, 'g/index.ts': "export * from '../f/hidden.js';\n" });
    expect(out).toContain('1 function(s) over 80 lines');
    expect(out).toContain("import(s) into another folder's internals");
    expect(code).toBe(1);
  });
});
