// scripts/lib/steps.mjs, the runner behind `npm test`: pools, needs, locks and unmixed output, with
// real child processes that log when they start and end.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseFrameJobs, idleCores, machineBusySeconds, runSteps } from '../../scripts/lib/steps.mjs';

const dir = mkdtempSync(join(tmpdir(), 'react-timestep-steps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A step: logs "+label", waits `ms` (or until the log shows "+partner", failing after 20 s), logs "-label".
const child = join(dir, 'child.mjs');
writeFileSync(
  child,
  `import { appendFileSync, readFileSync } from 'node:fs';
const [log, label, ms, partner] = process.argv.slice(2);
appendFileSync(log, '+' + label + '\\n');
const started = Date.now();
const done = () => (partner ? readFileSync(log, 'utf8').includes('+' + partner + '\\n') : Date.now() - started >= Number(ms));
const timer = setInterval(() => {
  if (done()) { clearInterval(timer); appendFileSync(log, '-' + label + '\\n'); }
  else if (Date.now() - started > 20000) process.exit(1);
}, 10);
`,
);

type Step = { label: string; command: string[]; needs?: string[]; locks?: string[]; frames?: boolean };
const sink = () => {
  const chunks: string[] = [];
  return { chunks, isTTY: false, write: (data: string | Buffer) => chunks.push(String(data)) };
};
let runs = 0;

async function run(steps: (Omit<Step, 'command'> & { ms?: number; partner?: string; command?: string[] })[], options: { jobs: number; frameJobs?: number }) {
  const log = join(dir, `run-${++runs}.log`);
  writeFileSync(log, '');
  const full = steps.map(({ ms = 50, partner, ...step }) => ({ command: [process.execPath, child, log, step.label, String(ms), ...(partner ? [partner] : [])], ...step }));
  const stdout = sink();
  const result = await runSteps(full, { ...options, stdout, stderr: sink() });
  return { result, events: readFileSync(log, 'utf8').split('\n').filter(Boolean), stdout: stdout.chunks.join('') };
}

/** The most steps (of `labels`) running at once in a start/end event list. */
function most(events: string[], labels: string[]): number {
  let now = 0;
  let peak = 0;
  for (const event of events) {
    if (!labels.includes(event.slice(1))) continue;
    now += event[0] === '+' ? 1 : -1;
    peak = Math.max(peak, now);
  }
  return peak;
}

describe('runSteps (npm test)', () => {
  it('runs at most `jobs` steps and `frameJobs` frame-waiting steps at once, the waiting beside the computing', { timeout: 60_000 }, async () => {
    const { result, events } = await run(
      [
        { label: 'cpu1', partner: 'frames1' },
        { label: 'cpu2' },
        { label: 'cpu3' },
        { label: 'frames1', frames: true, partner: 'cpu1' },
        { label: 'frames2', frames: true },
      ],
      { jobs: 1, frameJobs: 1 },
    );
    expect(result.failures).toEqual([]);
    expect(most(events, ['cpu1', 'cpu2', 'cpu3'])).toBe(1);
    expect(most(events, ['frames1', 'frames2'])).toBe(1);
    expect(events).toHaveLength(10);
  });

  it('a frame-waiting step takes a free jobs slot once no computing step is left to start, never before', { timeout: 60_000 }, async () => {
    // fA and fB each wait for the other: they finish only if fB borrows the free computing slot.
    const borrowed = await run(
      [
        { label: 'c', ms: 50 },
        { label: 'fA', frames: true, partner: 'fB' },
        { label: 'fB', frames: true, partner: 'fA' },
      ],
      { jobs: 1, frameJobs: 1 },
    );
    expect(borrowed.result.failures).toEqual([]);
    expect(borrowed.events.indexOf('+fB')).toBeGreaterThan(borrowed.events.indexOf('-c'));
    // c2 waits (for f1) while the computing slot is idle: f2 does not take it.
    const kept = await run(
      [
        { label: 'c1', ms: 50 },
        { label: 'c2', needs: ['f1'], ms: 50 },
        { label: 'f1', frames: true, ms: 400 },
        { label: 'f2', frames: true, ms: 50 },
      ],
      { jobs: 1, frameJobs: 1 },
    );
    expect(kept.result.failures).toEqual([]);
    expect(most(kept.events, ['f1', 'f2'])).toBe(1);
  });

  it('with frameJobs 0 the frame-waiting steps share the jobs slots', { timeout: 60_000 }, async () => {
    const { result, events } = await run([{ label: 'a' }, { label: 'b', frames: true }, { label: 'c', frames: true }], { jobs: 1, frameJobs: 0 });
    expect(result.failures).toEqual([]);
    expect(most(events, ['a', 'b', 'c'])).toBe(1);
  });

  it('starts a step after the steps it needs, and skips it (saying why) when one failed', { timeout: 60_000 }, async () => {
    const { result, events, stdout } = await run(
      [
        { label: 'first', ms: 1100 },
        { label: 'then', needs: ['first'] },
        { label: 'broken', command: [process.execPath, '-e', "console.log('\\x1b[31mred\\x1b[39m'); console.error('why it broke'); process.exit(3)"] },
        { label: 'after broken', needs: ['broken'] },
      ],
      { jobs: 2 },
    );
    expect(events.indexOf('+then')).toBeGreaterThan(events.indexOf('-first'));
    // Each timing says when its step started, seconds into the run.
    expect(result.timings).toContainEqual(expect.stringMatching(/^first \d+\.\ds( \(cpu \d+s\))? from 0s$/));
    expect(result.timings).toContainEqual(expect.stringMatching(/^then \d+\.\ds( \(cpu \d+s\))? from [1-9]\d*s$/));
    expect(events.some((event) => event.includes('after broken'))).toBe(false);
    expect(result.outcome.get('then')).toBe('passed');
    expect(result.outcome.get('broken')).toBe('failed');
    expect(result.outcome.get('after broken')).toBe('skipped');
    expect(result.failures).toEqual([expect.stringMatching(/^broken: failed \(exit 3\) after /)]);
    // Its last lines, both streams (two pipes: in either order), without colour codes: the summary at the end of a run says why.
    expect(result.failures[0]!.split('\n').slice(1).sort()).toEqual(['      │ red', '      │ why it broke']);
    expect(result.skipped).toEqual(['after broken: skipped: needs broken, which did not pass']);
    expect(stdout).toContain('⤼ after broken skipped: needs broken, which did not pass');
  });

  it('never runs two steps holding the same lock at once', { timeout: 60_000 }, async () => {
    // x and z each wait for the other to start (so they must overlap, however slow the machine);
    // y holds x's lock and must wait for x to end.
    const { events } = await run(
      [
        { label: 'x', locks: ['pack'], partner: 'z' },
        { label: 'y', locks: ['pack'], ms: 150 },
        { label: 'z', partner: 'x' },
      ],
      { jobs: 3 },
    );
    expect(most(events, ['x', 'y'])).toBe(1);
    expect(most(events, ['x', 'y', 'z'])).toBe(2);
  });

  it("prints each step's output whole, never mixed with another's", { timeout: 60_000 }, async () => {
    const talk = (who: string) => [process.execPath, '-e', `let i = 0; const t = setInterval(() => { console.log('${who}' + i); if (++i === 5) clearInterval(t); }, 20)`];
    const { stdout } = await run(
      [
        { label: 'A', command: talk('a') },
        { label: 'B', command: talk('b') },
      ],
      { jobs: 2 },
    );
    const lines = stdout.split('\n').filter((line) => /^[ab]\d$/.test(line));
    expect(lines).toHaveLength(10);
    expect(lines.join(' ')).toMatch(/^(a0 a1 a2 a3 a4 b0 b1 b2 b3 b4|b0 b1 b2 b3 b4 a0 a1 a2 a3 a4)$/);
  });

  it('throws for a need that names no step', async () => {
    await expect(run([{ label: 'lonely', needs: ['nobody'] }], { jobs: 1 })).rejects.toThrow(/can never start.*lonely/);
  });
});

describe('chooseFrameJobs (how many browsers npm test runs at once)', () => {
  it('one per browser when the cores are idle at the start, one when other work keeps them busy, TEST_FRAME_JOBS over both', () => {
    const pick = (setting: string | undefined, idle: number | null) => chooseFrameJobs({ setting, idle, cores: 2, browsers: 3 }).frameJobs;
    expect([pick(undefined, 2), pick(undefined, 1.5), pick(undefined, 1.4), pick(undefined, 0.2)]).toEqual([3, 3, 1, 1]);
    expect(pick(undefined, null)).toBe(1);
    expect([pick('0', 2), pick('2', 0.2), pick('', 2)]).toEqual([0, 2, 3]);
    expect(chooseFrameJobs({ setting: undefined, idle: 0.4, cores: 2, browsers: 3 }).why).toBe('0.4 of 2 cores idle at the start: other work keeps them busy');
  });

  it('idleCores reads a share of the cores from /proc/stat (Linux)', async () => {
    const idle = await idleCores(50, 2);
    if (process.platform !== 'linux') return expect(idle).toBeNull();
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(2);
  });

  it('machineBusySeconds counts every process on the machine: a 200 ms busy loop adds to it (Linux)', () => {
    const before = machineBusySeconds();
    if (process.platform !== 'linux') return expect(before).toBeNull();
    const end = performance.now() + 200;
    while (performance.now() < end);
    // Some core was busy all along, ours or another process's (only a hypervisor's steal is not counted).
    expect(machineBusySeconds()! - before!).toBeGreaterThanOrEqual(0.1);
  });
});
