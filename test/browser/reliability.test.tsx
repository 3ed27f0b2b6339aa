// Reliability on the REAL requestAnimationFrame in headless Chromium, driven from outside over the
// DevTools protocol (custom commands in test/browser/commands.ts): CPU throttling 8× and 12× steps
// the adaptive frame rate down and back up; a 3 s blocked main thread, a debugger pause and a page
// throttled to 1 Hz (another tab in front) each give one clamped frame and no burst; mounting and
// unmounting a game 2,000 times keeps the heap flat. Asserted only what holds at any frame rate and
// load: the package's numbers against each other and against what the same frames measured, never
// counts within a wall-clock window or durations. The long version: bench/reliability/.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { FrameProvider, useFixedTimestep, useFrame, useFrameScheduler } from '../../src/index.js';
import type { FrameInfo, FrameScheduler } from '../../src/index.js';
import type { FrameGap } from '../../src/scheduler/types.js';

const roots: Root[] = [];
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});

afterEach(async () => {
  await commands.cpuThrottle(1);
  for (const root of roots.splice(0)) root.unmount();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  expect(consoleErrors).toEqual([]);
});

function mount(element: React.ReactElement): Root {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  roots.push(root);
  flushSync(() => root.render(element));
  return root;
}

/** Resolve once `predicate` holds, checked on real animation frames; reject after `frames` frames. */
function untilFrames(predicate: () => boolean, frames: number, what: string | (() => string)): Promise<void> {
  return new Promise((resolve, reject) => {
    let left = frames;
    const tick = () => {
      if (predicate()) return resolve();
      if ((left -= 1) <= 0) return reject(new Error(`not within ${frames} frames: ${typeof what === 'string' ? what : what()}`));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const waitFrames = (n: number) => untilFrames(() => (n -= 1) < 0, n + 2, 'frames');

/** Deterministic CPU work whose cost scales with `iterations` (the JIT cannot drop it: the result is kept). */
let sink = 0;
function work(iterations: number): void {
  let x = sink;
  for (let i = 0; i < iterations; i++) x += Math.sqrt(i + x * 1e-9);
  sink = x % 1;
}

/**
 * Iterations of `work` that take about `ms` unthrottled: the fastest of 9 runs after a warm-up, as
 * a busy machine only makes a run slower (a median read under load undercounts, and the work is then lighter).
 */
function calibrate(ms: number): number {
  const probe = 200_000;
  for (let k = 0; k < 20; k++) work(probe);
  const runs: number[] = [];
  for (let k = 0; k < 9; k++) {
    const t0 = performance.now();
    work(probe);
    runs.push(performance.now() - t0);
  }
  return Math.round((probe * ms) / Math.max(Math.min(...runs), 0.01));
}

function busyWait(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) work(100);
}

/** Median of `values` (sorted copy). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

const VBLANK_MS = 1000 / 60;
/** The adaptive rate's default `maxDivisor`: 60 → 30 → 20 → 15 Hz and no lower. */
const MAX_DIVISOR = 4;
/** The divisor the governor settles on for work of `costMs` a frame: the fewest vblanks it fits in. */
const fittingDivisor = (costMs: number) => Math.min(MAX_DIVISOR, Math.max(1, Math.ceil(costMs / VBLANK_MS)));

describe('CPU throttling (DevTools protocol: Emulation.setCPUThrottlingRate)', () => {
  it('more throttling never raises the adaptive rate, each divisor fits the work the same frames measured, and it comes back to every vblank', async () => {
    // 3.5 ms of work a frame idle: fits one 16.7 ms vblank even on a machine that runs it 4.7 times
    // slower (a CI run with 7 ms here and three browsers beside it never came back to every vblank);
    // nominally ~28 ms at 8× (two vblanks), ~42 ms at 12× (three), but the calibration undercounts
    // (35–41 and 45–58 ms measured here: three and four) and a loaded machine makes the throttled
    // work slower still, so those divisors are not fixed numbers: each is checked against the work
    // time measured in the frames that produced it.
    const iterations = calibrate(3.5);
    const seen: { scheduler: FrameScheduler | null } = { scheduler: null };
    const costs: number[] = [];
    function Load() {
      seen.scheduler = useFrameScheduler();
      useFrame(() => {
        const t0 = performance.now();
        work(iterations);
        costs.push(performance.now() - t0);
      });
      return null;
    }
    mount(<FrameProvider adaptive refreshRate={60}><Load /></FrameProvider>);
    const divisor = () => seen.scheduler!.divisor;
    /** Let the rate settle for `n` of the loop's own frames, then read the divisor and the work those frames measured. */
    const settle = async (n: number) => {
      costs.length = 0;
      await untilFrames(() => costs.length >= n, n * MAX_DIVISOR * 4, `${n} frames of the loop`);
      return { divisor: divisor(), costMs: median(costs.slice(-n / 2)), maxCostMs: Math.max(...costs) };
    };
    await waitFrames(60);
    // Unthrottled, 3.5 ms fits a vblank: every vblank (a loaded machine may have dipped briefly).
    await untilFrames(() => divisor() === 1, 600, 'divisor 1 unthrottled');

    await commands.cpuThrottle(8);
    await untilFrames(() => divisor() >= 2, 600, 'divisor 2 or more at 8×');
    const at8 = await settle(60);
    await commands.cpuThrottle(12);
    // 1.5 times the work of 8×: three vblanks if the calibration held, but 42 ms is only 1.26 times
    // two vblanks, so wait for the divisor the work now measured needs (and never less than 8×'s),
    // not for a fixed 3. A CI run once read 2 for 900 frames (at 6× of 7 ms).
    costs.length = 0;
    const needed = () => Math.max(at8.divisor, fittingDivisor(median(costs.slice(-30))));
    await untilFrames(
      () => costs.length >= 30 && divisor() >= needed(),
      900,
      () => (costs.length === 0 ? 'no frame of the loop at 12×' : `divisor ${divisor()} at 12×, the last 30 frames' work (median ${median(costs.slice(-30)).toFixed(1)} ms) needs ${needed()}`),
    );
    const at12 = await settle(60);
    await commands.cpuThrottle(1);
    await untilFrames(() => divisor() === 1, 1200, 'divisor back to 1');
    const off = divisor();
    console.info(
      `adaptive divisor: 8× → ${at8.divisor} (work ${at8.costMs.toFixed(1)} ms, at most ${at8.maxCostMs.toFixed(1)}), 12× → ${at12.divisor} (work ${at12.costMs.toFixed(1)} ms, at most ${at12.maxCostMs.toFixed(1)}), off → ${off}`,
    );
    // Stepped down under throttling, never back up under more of it.
    expect(at8.divisor).toBeGreaterThanOrEqual(2);
    expect(at12.divisor).toBeGreaterThanOrEqual(at8.divisor);
    // Never fewer vblanks than the work of most of the last 30 frames needs: five slow frames step
    // down, so a median over the limit has stepped. Never more than the slowest frame needed plus
    // one (the hysteresis: stepping back up waits for 30 fast frames).
    for (const at of [at8, at12]) {
      expect(at.divisor).toBeGreaterThanOrEqual(fittingDivisor(at.costMs));
      expect(at.divisor).toBeLessThanOrEqual(fittingDivisor(at.maxCostMs) + 1);
    }
    expect(off).toBe(1);
  }, 120_000);
});

/** One frame of the game: its raw delta, the time it was given (before the time scale), the fixed steps it ran. */
interface GameFrame {
  raw: number;
  real: number;
  steps: number;
}

/** A game under a provider: records what onGap reported and, per frame, deltas and fixed steps. */
function mountGame() {
  const record = {
    gaps: [] as Array<{ raw: number; clamped: number }>,
    frames: [] as GameFrame[],
  };
  let steps = 0;
  function Game() {
    useFixedTimestep({
      step: 1 / 60,
      update: () => void steps++,
      // Once a frame, after its updates: the frame's deltas and the steps it ran, in one record.
      render: (_alpha: number, f: FrameInfo) => {
        record.frames.push({ raw: f.rawDeltaSeconds, real: f.timeScale > 0 ? f.deltaSeconds / f.timeScale : 0, steps });
        steps = 0;
      },
    });
    return null;
  }
  mount(
    <FrameProvider onGap={(g: FrameGap) => void record.gaps.push({ raw: g.rawDeltaSeconds, clamped: g.clampedSeconds })}>
      <Game />
    </FrameProvider>,
  );
  return record;
}

const MAX_DELTA = 0.25; // the scheduler's default maxDelta
const MAX_STEPS = 5; // the fixed clock's default maxSteps
/** A long gap right after a long gap (both over this and maxDelta) is a throttled page's: given 0. */
const THROTTLED_GAP = 0.5;

/**
 * The gap rule, checked frame by frame from `from` on, whatever the frame rate: a frame of at most
 * `maxDelta` gets its own time; a longer one gets `maxDelta` (one clamped frame per stall, no burst
 * after it), or 0 when the frame before was a long gap too; onGap reports exactly the frames over
 * `maxDelta`, with what they were given; no frame runs more than `maxSteps` steps, a frame given 0
 * runs none. Returns the frames that broke it, with the frame before each.
 */
function gapRuleViolations(record: ReturnType<typeof mountGame>, from: number): string[] {
  const bad: string[] = [];
  const { frames } = record;
  for (let i = Math.max(from, 1); i < frames.length; i++) {
    const f = frames[i]!;
    const prev = frames[i - 1]!;
    const throttled = f.raw > THROTTLED_GAP && prev.raw > MAX_DELTA && prev.raw > THROTTLED_GAP;
    const expected = f.raw <= MAX_DELTA ? f.raw : throttled ? 0 : MAX_DELTA;
    const ok = Math.abs(f.real - expected) < 1e-9 && f.steps <= MAX_STEPS && (f.real > 0 || f.steps === 0);
    if (!ok) bad.push(`frame ${i}: ${JSON.stringify(f)} after ${JSON.stringify(prev)}, expected real ${expected}`);
  }
  const overMax = frames.slice(Math.max(from, 1)).filter((f) => f.raw > MAX_DELTA);
  const reported = record.gaps.map((g) => `${g.raw.toFixed(6)}→${g.clamped}`);
  const given = overMax.map((f) => `${f.raw.toFixed(6)}→${f.real}`);
  if (reported.join() !== given.join()) bad.push(`onGap reported ${reported.join(', ')}; frames over maxDelta ${given.join(', ')}`);
  return bad;
}

/** Start recording gaps afresh; the frame rule is then checked from the returned frame index on. */
function restart(record: ReturnType<typeof mountGame>): number {
  record.gaps.length = 0;
  return record.frames.length;
}

describe('a long stall gives at most one clamped frame, then ordinary frames', () => {
  it('a 3 s blocked main thread: one clamped frame (0.25 s, reported to onGap), at most maxSteps in it, then ordinary frames', async () => {
    const record = mountGame();
    await waitFrames(30);
    const from = restart(record);
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        busyWait(3000);
        resolve();
      }, 0),
    );
    await waitFrames(30);
    const after = record.frames.slice(from);
    console.info(`blocked 3 s: gaps ${JSON.stringify(record.gaps)}, max steps in a frame ${Math.max(...after.map((f) => f.steps))}`);
    // The block is in the record (a loaded machine may add shorter stalls of its own: the rule covers
    // those too). A frame's timestamp is its vblank, which can precede the end of the block: 2.88 s was seen.
    const blocked = after.filter((f) => f.raw >= 2.5);
    expect(blocked.length).toBeGreaterThanOrEqual(1);
    expect(gapRuleViolations(record, from)).toEqual([]);
    // The block's frame: given maxDelta, which is maxSteps' worth and more (or 0 and no step, had a
    // stall of the machine's come right before it).
    const i = record.frames.indexOf(blocked[0]!);
    const afterLongGap = record.frames[i - 1]!.raw > THROTTLED_GAP;
    expect(blocked[0]!.real).toBe(afterLongGap ? 0 : MAX_DELTA);
    expect(blocked[0]!.steps).toBe(afterLongGap ? 0 : MAX_STEPS);
  }, 60_000);

  it('a debugger pause of 2 s (Debugger.pause, then resume): one clamped frame, then ordinary frames', async () => {
    const record = mountGame();
    await waitFrames(30);
    const from = restart(record);
    await commands.debuggerPause(2000);
    await waitFrames(30);
    const after = record.frames.slice(from);
    console.info(`debugger pause: gaps ${JSON.stringify(record.gaps)}, frames of 0.25 s or more ${JSON.stringify(after.filter((f) => f.raw >= MAX_DELTA))}`);
    // The pause is in the record (its frame's timestamp is a vblank: 1.98 s was seen). Enabling the
    // debugger on a loaded machine can stall the page for a second or more just before it (1.5 s
    // was seen): the rule covers that stall too.
    expect(after.some((f) => f.raw >= 1.5)).toBe(true);
    expect(gapRuleViolations(record, from)).toEqual([]);
  }, 60_000);

  it('rAF throttled to 1 Hz while visible (another tab in front; emulated over the real rAF, since headless Chromium never hides a tab): one clamped frame, then delta 0', async () => {
    const record = mountGame();
    await waitFrames(30);
    const from = restart(record);
    // Hand on one real frame a second, as Chromium does for a page it throttles; the first at once.
    const real = window.requestAnimationFrame.bind(window);
    let lastMs = -Infinity;
    let handed = 0;
    const throttled = (callback: FrameRequestCallback): number => {
      const wait = (t: number): void => {
        if (t - lastMs >= 1000) {
          lastMs = t;
          handed++;
          callback(t);
        } else real(wait);
      };
      return real(wait);
    };
    window.requestAnimationFrame = throttled;
    try {
      // Six throttled frames, however long a loaded machine takes to hand them on.
      await new Promise<void>((resolve) => {
        const poll = () => (handed >= 6 ? resolve() : setTimeout(poll, 50));
        poll();
      });
    } finally {
      window.requestAnimationFrame = real;
    }
    await waitFrames(30);
    const after = record.frames.slice(from);
    console.info(`throttled to 1 Hz: gaps ${JSON.stringify(record.gaps)}, steps per frame ${JSON.stringify(after.map((f) => f.steps).filter((n) => n !== 1))}`);
    // Five throttled gaps of a second or more: the first given maxDelta, the rest 0, none of them a burst.
    const stalls = after.filter((f) => f.raw >= 1);
    expect(stalls.length).toBeGreaterThanOrEqual(5);
    expect(gapRuleViolations(record, from)).toEqual([]);
    expect(stalls.filter((f) => f.real > 0).length).toBeLessThanOrEqual(1);
    for (const f of stalls.slice(1)) expect(f.real).toBe(0);
  }, 60_000);
});

describe('mount/unmount churn', () => {
  it('2,000 mounts and unmounts of a game (each holding 4 KB) while frames run keep the heap flat (< 1 MB growth)', async () => {
    function Churned() {
      // 4 KB the callbacks keep alive while mounted: a plain array, so it lives on the JS heap (a
      // typed array's buffer would live outside it, where Runtime.getHeapUsage does not look).
      const payload: number[] = new Array<number>(512).fill(0.5);
      useFrame(() => void (payload[0] = payload[0]! + 1));
      useFixedTimestep({ step: 1 / 60, update: () => void (payload[1] = payload[1]! + 1) });
      return null;
    }
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    const cycle = (n: number) => {
      for (let i = 0; i < n; i++) {
        flushSync(() => root.render(<FrameProvider><Churned /></FrameProvider>));
        flushSync(() => root.render(null));
      }
    };
    cycle(200); // warm-up: JIT, React's pools
    await waitFrames(5);
    const before = await commands.heapAfterGc();
    for (let batch = 0; batch < 20; batch++) {
      cycle(100);
      await waitFrames(1); // frames run between batches
    }
    await waitFrames(5);
    const after = await commands.heapAfterGc();
    root.unmount();
    console.info(`churn: heap after GC ${(before / 2 ** 20).toFixed(2)} → ${(after / 2 ** 20).toFixed(2)} MB`);
    // A leak of the 4 KB payload per cycle would be 8 MB.
    expect(after - before).toBeLessThan(2 ** 20);
  }, 60_000);
});
