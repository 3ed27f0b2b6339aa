// The frame-rate cap allocates nothing per frame: heap growth over 100,000 vblanks of a scheduler
// capped at 60 on a detected 144 Hz display (every 2nd vblank skipped), with and without the adaptive
// rate, stays within one boxed number per frame of the same scheduler without a cap. A per-frame
// object (~40 bytes) or a closure per skipped vblank breaks it.
import { describe, expect, it } from 'vitest';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { ALLOCATION_TEST_TIMEOUT_MS, bytesAllocatedPerCall, exposeGc } from './gc.js';

const FRAMES = 100_000;
const WARMUP = 50_000;
const INTERVAL_MS = 1000 / 144;
/** One boxed double (V8 HeapNumber), see hotPaths.alloc.test.ts. */
const ONE_BOXED_NUMBER = 16;

function measure(gc: () => void, maxFrameRate: number | undefined, adaptive: boolean): { bytes: number; runs: number } {
  const source = createManualFrameSource();
  const scheduler = createFrameScheduler({ source, adaptive, ...(maxFrameRate === undefined ? {} : { maxFrameRate }) });
  const t = new Float64Array(1);
  const sink = new Float64Array(1);
  let runs = 0;
  scheduler.subscribe((frame) => {
    sink[0] = frame.deltaSeconds;
    runs++;
  });
  const frame = (): void => {
    t[0] = t[0]! + INTERVAL_MS;
    source.tick(t[0]);
  };
  for (let i = 0; i < WARMUP; i++) frame();
  let bytes = Infinity;
  for (let run = 0; run < 3; run++) bytes = Math.min(bytes, bytesAllocatedPerCall(gc, FRAMES, frame));
  return { bytes, runs };
}

// 700,000 vblanks per case: about 1 s alone, past vitest's 5 s default on a loaded CI machine.
describe('frame-rate cap per-frame allocation', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  it.each([false, true])('capped at 60 on 144 Hz (adaptive rate on: %s): within one boxed number of the uncapped scheduler', (adaptive) => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    const uncapped = measure(gc!, undefined, adaptive);
    const capped = measure(gc!, 60, adaptive);
    console.info(`bytes per vblank (adaptive ${adaptive}): uncapped ${uncapped.bytes.toFixed(1)}, capped ${capped.bytes.toFixed(1)}`);
    // The cap really held every 2nd vblank (the detector measures the first few dozen at every vblank).
    expect(capped.runs).toBeGreaterThan((WARMUP + 3 * FRAMES) / 2 - 100);
    expect(capped.runs).toBeLessThan((WARMUP + 3 * FRAMES) / 2 + 100);
    expect(capped.bytes).toBeLessThan(uncapped.bytes + ONE_BOXED_NUMBER);
  });
});
