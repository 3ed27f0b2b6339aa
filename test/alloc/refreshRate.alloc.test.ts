// Per-frame allocation of refresh-rate detection on whole-millisecond timestamps (Safari and
// WebKitGTK coarsen their clocks to 1 ms; so does the benchmark's fake display). Such a stream runs
// into code paths late: on an exact 60 Hz grid the fit's residual variance reads 0 from about frame
// 103,600 on (the timestamps are that regular), which reaches a twin test (60 against 59.94 Hz) no
// frame reached before, and the optimised code that had never seen it was thrown away and ran
// unoptimised for a while, boxing every double (bench/RESULTS.md read 16–31 B a frame for it). So
// the window measured here spans that frame, in one piece: a one-off episode counts, as it would
// in a game's 29th minute.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRefreshRateDetector } from '../../src/core/index.js';
import { createFrameScheduler } from '../../src/index.js';
import { createManualFrameSource } from '../../src/testing/index.js';
import { ALLOCATION_TEST_TIMEOUT_MS, bytesAllocatedPerCall, exposeGc, NOTHING_PER_CALL } from './gc.js';

/** Frames before the window (the code is optimised by then) and in it (across frame 103,600). */
const WARMUP = 90_000;
const FRAMES = 30_000;

/** The benchmark's fake display: whole milliseconds on an exact 60 Hz grid (16, 33, 50, 67 …). */
function wholeMs60(count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.round(((i + 1) * 1000) / 60));
}

/** A recorded WebKitGTK stream (1 ms clock, no vsync grid: the detector's 'variable' path), replayed end to end. */
function webKitGtk(count: number): number[] {
  const file = JSON.parse(readFileSync(new URL('../fixtures/browsers/webkitgtk-idle.json', import.meta.url), 'utf8')) as { deltas: number[]; quantumMs: number };
  const stamps: number[] = [];
  let t = 1000;
  for (let i = 0; stamps.length < count; i++) stamps.push((t += file.deltas[i % file.deltas.length]! * file.quantumMs));
  return stamps;
}

/** Bytes a frame of `frame(t)` over `FRAMES` timestamps after `WARMUP`, measured in one window. */
function measureWindow(stamps: number[], frame: (t: number) => void): number {
  const gc = exposeGc()!;
  let i = 0;
  const next = () => frame(stamps[i++]!);
  // The warm-up runs through the very loop and closure the window runs: a loop last optimised for
  // another test's closure deopts on its first call ("wrong call target"), and on a busy machine
  // ran unoptimised long enough, boxing each timestamp it read, to read 5–7 B a frame here.
  bytesAllocatedPerCall(gc, WARMUP, next);
  // A busy machine's compiler thread may still be optimising: let it finish (as leastBytesPerCall does).
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  return bytesAllocatedPerCall(gc, FRAMES, next);
}

describe('whole-millisecond streams: no allocation, also where a long run reaches new code', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  it('a frame scheduler detecting the rate, one subscriber, on the benchmark’s whole-ms 60 Hz clock, frames 90,000 to 120,000', () => {
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ source, frameloop: 'always' });
    const seconds = new Float64Array(1);
    scheduler.subscribe((frame) => {
      seconds[0]! += frame.deltaSeconds;
    });
    const bytes = measureWindow(wholeMs60(WARMUP + FRAMES), (t) => source.tick(t));
    expect(scheduler.refreshRate.state).toBe('synced');
    expect(seconds[0]).toBeGreaterThan(0);
    console.info(`bytes a frame: ${bytes.toFixed(2)}`);
    expect(bytes).toBeLessThan(NOTHING_PER_CALL);
  });

  it.each([
    // After the test above the code has seen frame 103,600: this guards the detector's own path.
    ['the detector alone on the same clock', wholeMs60, 'synced'],
    ['the detector on a recorded WebKitGTK stream (1 ms clock, no grid), replayed', webKitGtk, 'variable'],
  ] as const)('%s', (_name, stream, state) => {
    const detector = createRefreshRateDetector();
    const bytes = measureWindow(stream(WARMUP + FRAMES), (t) => void detector.sample(t));
    expect(detector.estimate.state).toBe(state);
    console.info(`bytes a frame: ${bytes.toFixed(2)}`);
    expect(bytes).toBeLessThan(NOTHING_PER_CALL);
  });
});
