// Runs `npm test`'s steps: each starts once the steps it `needs` have passed, a slot of its pool is
// free and no running step holds one of its `locks`; the list's order is the order of preference.
// Two pools: steps that keep the cores busy (`jobs` at once) and steps that mostly wait on a
// browser's frames (`frameJobs` at once, beside them), so the waiting overlaps the computing. Once no
// step of the first pool is left to start, a frame step may take one of its free slots. A step whose
// prerequisite failed is skipped, saying so. Output never interleaves: the earliest-started running
// step prints live, the others' output is held and printed whole when it is their turn.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Seconds of CPU (user + system) used so far by this process's finished children (Linux; else 0). */
export function childCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return 0;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: field 14 and 15 of proc(5) are cutime and cstime, in clock ticks (100/s).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** /proc/stat's first line (every core summed), in seconds (100 clock ticks each); null off Linux. */
function cpuSeconds() {
  if (!existsSync('/proc/stat')) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // Steal is time the hypervisor gave other machines: neither ours nor idle.
  return { busy: (user + nice + system + irq + softirq) / 100, idle: (idle + iowait) / 100, total: (user + nice + system + idle + iowait + irq + softirq + steal) / 100 };
}

/**
 * Core-seconds every process on the machine has kept a core busy since boot (Linux; null
 * elsewhere). Unlike {@link childCpuSeconds} it counts what the browsers' own processes use, which
 * are not children we wait for: a difference of two readings is what a run cost the machine.
 */
export function machineBusySeconds() {
  return cpuSeconds()?.busy ?? null;
}

/** Cores idle over the next `ms` milliseconds (Linux /proc/stat; null elsewhere). iowait counts as idle. */
export async function idleCores(ms, cores) {
  const before = cpuSeconds();
  if (before === null) return null;
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuSeconds();
  // Clamped: the kernel's idle and iowait counters are not strictly monotonic, and a reading over a
  // busy machine's 50 ms came out above `cores` once in a few runs.
  return Math.min(cores, Math.max(0, ((after.idle - before.idle) / Math.max(0.01, after.total - before.total)) * cores));
}

/**
 * How many steps that wait on a browser's frames run at once: `TEST_FRAME_JOBS` when set; else one
 * per browser when the cores were idle at the start (the waiting then overlaps the computing: 513 s
 * against 592 s on an idle 2-core machine), one when other work keeps them busy (there, three
 * browsers at once made the run slower: 729 s against 688 s). Returns { frameJobs, why }.
 */
export function chooseFrameJobs({ setting, idle, cores, browsers }) {
  if (setting !== undefined && setting !== '') return { frameJobs: Math.max(0, Number(setting) || 0), why: 'TEST_FRAME_JOBS' };
  if (idle === null) return { frameJobs: 1, why: 'the default: idle cores unknown here' };
  const seen = `${idle.toFixed(1)} of ${cores} cores idle at the start`;
  return idle >= cores - 0.5 ? { frameJobs: Math.max(1, browsers), why: seen } : { frameJobs: 1, why: `${seen}: other work keeps them busy` };
}

/** The output of the running steps, in start order; only the first prints as it comes. */
function createOutput() {
  const order = [];
  const pump = () => {
    while (order.length > 0) {
      const head = order[0];
      if (!head.live) {
        head.live = true;
        for (const [stream, data] of head.held.splice(0)) stream.write(data);
      }
      if (!head.done) return;
      order.shift();
    }
  };
  return {
    open() {
      const entry = { live: false, done: false, held: [] };
      order.push(entry);
      pump();
      return {
        write: (stream, data) => (entry.live ? stream.write(data) : entry.held.push([stream, data])),
        close() {
          entry.done = true;
          pump();
        },
      };
    },
  };
}

/** How many of a failed step's last lines its failure repeats: a CI log shows only the run's tail. */
const TAIL_LINES = 8;

/** Runs `step`; resolves to its exit code (or signal) and the last of its output (both streams). */
function execute(step, out, { stdout, stderr }) {
  return new Promise((resolve) => {
    const [command, ...args] = step.command;
    let tail = '';
    const keep = (data) => void (tail = (tail + data).slice(-4000));
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...(stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...step.env } });
    child.stdout.on('data', (data) => (keep(data), out.write(stdout, data)));
    child.stderr.on('data', (data) => (keep(data), out.write(stderr, data)));
    child.on('error', (error) => out.write(stderr, `${error.message}\n`));
    child.on('close', (code, signal) => resolve({ code: code ?? signal, tail }));
  });
}

/** The last lines of `text` that have any, without colour codes, indented under a failure. */
function lastLines(text) {
  // eslint-disable-next-line no-control-regex
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
  return lines.slice(-TAIL_LINES).map((line) => `\n      │ ${line.slice(0, 300)}`).join('');
}

/**
 * Run `steps` ({ label, command: [cmd, ...args], needs?, locks?, frames?, env?, check?(exitCode) }):
 * at most `jobs` steps at once, and besides them at most `frameJobs` with `frames: true` (0: those
 * share the `jobs` slots; a frame step also takes a free `jobs` slot once no other step waits for one); output goes to `stdout` and `stderr` (the process's). `check` turns the
 * exit code into null (passed) or the reason it failed.
 * Returns { outcome: Map label → 'passed' | 'failed' | 'skipped', failures, skipped, timings }.
 */
export async function runSteps(steps, { jobs, frameJobs = 0, stdout = process.stdout, stderr = process.stderr }) {
  const runStartedMs = Date.now();
  const outcome = new Map();
  const result = { outcome, failures: [], skipped: [], timings: [] };
  const output = createOutput();
  const waiting = [...steps];
  const held = new Set();
  /** The steps running now, each with whether it has run alone so far (for its CPU time). */
  const company = new Set();
  let running = 0;
  const inPool = { cpu: 0, frames: 0 };
  const limit = { cpu: jobs, frames: frameJobs };
  const poolOf = (step) => (step.frames && frameJobs > 0 ? 'frames' : 'cpu');
  /** The pool with a free slot for `step`, or null. */
  const slotFor = (step) => {
    const own = poolOf(step);
    if (inPool[own] < limit[own]) return own;
    // The cores are free for good once no step that needs them is left to start.
    if (own === 'frames' && inPool.cpu < limit.cpu && !waiting.some((other) => poolOf(other) === 'cpu')) return 'cpu';
    return null;
  };
  let wake;
  const startable = (step) =>
    slotFor(step) !== null && (step.needs ?? []).every((need) => outcome.has(need)) && !(step.locks ?? []).some((lock) => held.has(lock));

  const start = async (step) => {
    const pool = slotFor(step);
    running += 1;
    inPool[pool] += 1;
    for (const lock of step.locks ?? []) held.add(lock);
    const out = output.open();
    const blocked = (step.needs ?? []).filter((need) => outcome.get(need) !== 'passed');
    if (blocked.length > 0) {
      const why = `skipped: needs ${blocked.join(', ')}, which did not pass`;
      out.write(stdout, `\n⤼ ${step.label} ${why}\n`);
      result.skipped.push(`${step.label}: ${why}`);
      outcome.set(step.label, 'skipped');
    } else {
      out.write(stdout, `\n▶ ${step.label}: ${step.command.join(' ')}\n`);
      const startedMs = Date.now();
      const alone = { cpu: childCpuSeconds(), still: running === 1 };
      for (const other of company) other.still = false;
      company.add(alone);
      const { code, tail } = await execute(step, out, { stdout, stderr });
      company.delete(alone);
      const seconds = ((Date.now() - startedMs) / 1000).toFixed(1);
      // A step's CPU time is known only when no other step ran beside it (TEST_JOBS=1 TEST_FRAME_JOBS=0).
      const cpu = alone.still ? ` (cpu ${(childCpuSeconds() - alone.cpu).toFixed(0)}s)` : '';
      // When it started, seconds into the run: the timings then read as a timeline.
      result.timings.push(`${step.label} ${seconds}s${cpu} from ${((startedMs - runStartedMs) / 1000).toFixed(0)}s`);
      const reason = step.check ? step.check(code) : code === 0 ? null : `failed (exit ${code})`;
      outcome.set(step.label, reason === null ? 'passed' : 'failed');
      if (reason !== null) {
        // With its last lines: the run's closing summary then says why, where a CI log's tail shows it.
        result.failures.push(`${step.label}: ${reason} after ${seconds}s${lastLines(tail)}`);
        out.write(stderr, `\n✖ ${step.label} ${reason} after ${seconds}s\n`);
      }
    }
    out.close();
    for (const lock of step.locks ?? []) held.delete(lock);
    running -= 1;
    inPool[pool] -= 1;
    wake?.();
  };

  while (waiting.length > 0 || running > 0) {
    const next = waiting.find(startable);
    if (next) {
      waiting.splice(waiting.indexOf(next), 1);
      void start(next);
      continue;
    }
    if (running === 0) throw new Error(`steps that can never start (a need that is no step?): ${waiting.map((s) => s.label).join(', ')}`);
    await new Promise((resolve) => (wake = resolve));
  }
  return result;
}
