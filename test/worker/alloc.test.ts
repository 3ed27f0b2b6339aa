// The page's read of a worker simulation allocates nothing per frame on the shared-memory path:
// readAt (take the fresh slot, its header onto the page's clock, alpha) and a blend of 1,000 objects
// (x, y, angle) into a Float32Array, each frame, while the writer publishes two steps a frame (120 Hz
// steps on a 60 Hz display). Counted as scripts/alloc-check.mjs counts (test/alloc/gc.ts).
import { expect, it } from 'vitest';
import { WorkerSimulationHandle, type WorkerLike } from '../../src/worker/host.js';
import { checkSimulationOptions } from '../../src/worker/options.js';
import { SharedWriter } from '../../src/worker/sharedSlots.js';
import { emptyHeader, type ToWorker } from '../../src/worker/protocol.js';
import { ALLOCATION_TEST_TIMEOUT_MS, boxedTimestamps, exposeGc, leastBytesPerCall, NOTHING_PER_CALL } from '../alloc/gc.js';

const OBJECTS = 1000;
const FRAMES = 20_000;
const WARMUP = 20_000;
const RUNS = 4;

/** A worker that answers 'ready' and keeps the shared memory the page starts it with. */
function fakeWorker(stateLength: number): { worker: WorkerLike; shared: () => SharedArrayBuffer | null } {
  let listener: ((event: MessageEvent) => void) | null = null;
  let shared: SharedArrayBuffer | null = null;
  const worker: WorkerLike = {
    postMessage(message) {
      const m = message as ToWorker;
      if (m.type === 'start') shared = m.shared;
    },
    addEventListener(type, l) {
      if (type === 'message') listener = l;
    },
    removeEventListener() {},
    terminate() {},
  };
  return {
    worker,
    shared: () => {
      listener?.({ data: { type: 'ready', timeOrigin: 0, stateLength, isolated: true } } as MessageEvent);
      return shared;
    },
  };
}

/** The blend a render does: 1,000 objects, angles along the shorter arc. */
function blend(previous: Float64Array, current: Float64Array, alpha: number, out: Float32Array): void {
  for (let i = 0; i < OBJECTS; i++) {
    const k = 3 * i;
    out[k] = previous[k]! + (current[k]! - previous[k]!) * alpha;
    out[k + 1] = previous[k + 1]! + (current[k + 1]! - previous[k + 1]!) * alpha;
    let turn = current[k + 2]! - previous[k + 2]!;
    if (turn > Math.PI) turn -= 2 * Math.PI;
    else if (turn < -Math.PI) turn += 2 * Math.PI;
    out[k + 2] = previous[k + 2]! + turn * alpha;
  }
}

it('readAt and a 1,000-object blend allocate nothing per frame over shared memory', () => {
  const gc = exposeGc();
  expect(gc, 'this Node cannot expose gc()').not.toBeNull();
  const length = 3 * OBJECTS;
  const { worker, shared } = fakeWorker(length);
  const handle = new WorkerSimulationHandle('test', checkSimulationOptions('test', { step: 1 / 120, transport: 'shared' }), undefined);
  handle.connect(worker);
  const buffer = shared();
  expect(handle.transport).toBe('shared');
  const writer = new SharedWriter(buffer!, length);
  const h = emptyHeader();
  writer.publish(h);
  const out = new Float32Array(length);
  const timestamps = boxedTimestamps(WARMUP + RUNS * FRAMES + 1, 1000 / 60);
  const frame = { timestampMs: 0 };
  let i = 0;
  let step = 0;
  const bytes = leastBytesPerCall(
    gc!,
    WARMUP,
    FRAMES,
    RUNS,
    () => {
      // The worker's two steps of this frame (in this thread here: it allocates nothing either).
      for (let s = 0; s < 2; s++) {
        const state = writer.begin();
        state[(step * 7) % length] = step;
        h.stepIndex = step;
        h.stepStartMs = step * 8.3;
        h.stepEndMs = h.stepStartMs + 8.3;
        writer.publish(h);
        step++;
      }
      frame.timestampMs = timestamps[i++] as number;
      handle.readAt(frame);
      blend(handle.previous, handle.current, handle.alpha, out);
    },
    NOTHING_PER_CALL,
  );
  expect(handle.step.index).toBe(step - 1);
  expect(bytes).toBeLessThan(NOTHING_PER_CALL);
}, ALLOCATION_TEST_TIMEOUT_MS);
