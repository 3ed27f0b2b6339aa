// Per-frame allocation of the hot paths, measured with V8's gc() exposed at run time: heap growth
// between a full collection and the end of 100,000 frames (short-lived garbage included, which is
// what a frame loop must not make: it is what causes GC pauses mid-game).
import { describe, expect, it } from 'vitest';
import { createFixedStep } from '../../src/core/fixedStep.js';
import { createRefreshRateDetector } from '../../src/core/refreshRateDetector.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { ALLOCATION_TEST_TIMEOUT_MS, exposeGc, leastBytesPerCall } from './gc.js';

const FRAMES = 100_000;
const WARMUP = 50_000;
const INTERVAL_MS = 1000 / 144;

/** The measurement's own clock: a typed array, so advancing it allocates nothing. */
function clock(): { next(): number } {
  const t = new Float64Array(1);
  return {
    next() {
      t[0] = (t[0] as number) + INTERVAL_MS;
      return t[0] as number;
    },
  };
}

/** The least of up to four runs after a warm-up, stopping at the first within `enough` (with every core busy the optimiser can lag: see leastBytesPerCall). */
function rawMeasure(gc: () => void, frame: () => void, enough: number): number {
  return leastBytesPerCall(gc, WARMUP, FRAMES, 4, frame, enough);
}

/**
 * The measurement's own cost: reading the clock and handing the number to a function that is not
 * inlined. V8 may box a double that crosses such a call (a 16-byte HeapNumber); that is the
 * engine, not the code under test, so it is subtracted.
 */
let baseline: number | undefined;
function measure(gc: () => void, frame: () => void, budget = Infinity): number {
  if (baseline === undefined) {
    const t = clock();
    const sink = new Float64Array(1);
    const take = (ms: number): void => {
      sink[0] = ms;
    };
    baseline = rawMeasure(gc, () => take(t.next()), 1);
  }
  return rawMeasure(gc, frame, budget + baseline) - baseline;
}

// Five paths × 150,000 frames each, then a collection: seconds, not the default 5 s budget's tenths.
describe('per-frame allocation', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  it('gc() can be exposed in the worker (or this file measures nothing)', () => {
    expect(typeof exposeGc()).toBe('function');
  });

  /**
   * Budgets, bytes per frame: what each path allocates today (printed) rounded up by half a boxed
   * double. V8 allocates a 16-byte HeapNumber when a double escapes an optimized frame, so these
   * are one to three boxed numbers, not objects; the 24 h soak shows none of it is retained. A new
   * per-frame object (a FrameInfo copy adds about 40 bytes, see the last test) breaks the budget.
   */
  const BUDGET: Record<string, number> = {
    'scheduler (fixed refresh rate)': 24,
    'scheduler with refresh-rate detection': 40,
    'refresh-rate detector': 40,
    'createFixedStep.advance': 56,
    // About two boxed numbers: 26 B alone, 32.97 once under CI load, 40.004 beside three browsers at
    // load 10 (the optimiser late through every run); a per-frame object adds 40 or more to the 26.
    'createManualFrameSource.advanceFrames(1)': 56,
  };

  it('each hot path stays within its per-frame budget (a few boxed numbers, never a per-frame object)', () => {
    const gc = exposeGc()!;
    const report: Record<string, number> = {};
    {
      const source = createManualFrameSource();
      const scheduler = createFrameScheduler({ source, refreshRate: 144 });
      let calls = 0;
      scheduler.subscribe(() => void calls++);
      const t = clock();
      report['scheduler (fixed refresh rate)'] = measure(gc, () => source.tick(t.next()), BUDGET['scheduler (fixed refresh rate)']);
      expect(calls).toBe(WARMUP + FRAMES);
    }
    {
      const source = createManualFrameSource();
      const scheduler = createFrameScheduler({ source });
      scheduler.subscribe(() => undefined);
      const t = clock();
      report['scheduler with refresh-rate detection'] = measure(gc, () => source.tick(t.next()), BUDGET['scheduler with refresh-rate detection']);
    }
    {
      const detector = createRefreshRateDetector();
      const t = clock();
      report['refresh-rate detector'] = measure(gc, () => void detector.sample(t.next()), BUDGET['refresh-rate detector']);
    }
    {
      const fixed = createFixedStep({ step: 1 / 60 });
      const t = clock();
      report['createFixedStep.advance'] = measure(gc, () => void fixed.advance(t.next()), BUDGET['createFixedStep.advance']);
    }
    {
      const source = createManualFrameSource({ refreshRate: 144, jitterMs: 1 });
      const again = (): void => void source.request(again);
      source.request(again);
      report['createManualFrameSource.advanceFrames(1)'] = measure(gc, () => source.advanceFrames(1), BUDGET['createManualFrameSource.advanceFrames(1)']);
    }
    console.info(`bytes allocated per frame (beyond the measurement's own ${baseline?.toFixed(1)}): ${JSON.stringify(report, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`);
    for (const [path, bytes] of Object.entries(report)) expect(bytes, path).toBeLessThan(BUDGET[path]!);
  });

  it('the measurement sees a per-frame object: a subscriber copying FrameInfo every frame breaks the scheduler budget', () => {
    const gc = exposeGc()!;
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 144 });
    const kept: { last: unknown } = { last: null };
    scheduler.subscribe((frame) => {
      kept.last = { ...frame };
    });
    const t = clock();
    expect(measure(gc, () => source.tick(t.next()))).toBeGreaterThan(BUDGET['scheduler (fixed refresh rate)']!);
  });
});
