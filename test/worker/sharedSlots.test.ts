// The shared-memory triple buffer under a real second thread (Node worker_threads): the writer runs
// flat out in the other thread, writing each state number by number; 'latest' and 'interpolated'
// never read a torn state, 'live' does (that is what it is for). Also the message transport's slots.
import { describe, expect, it } from 'vitest';
import { buildSync } from 'esbuild';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { createSharedState, SharedReader, SharedWriter } from '../../src/worker/sharedSlots.js';
import { applyReading, emptyStepInfo, type ReadingTarget } from '../../src/worker/reading.js';
import { emptyHeader } from '../../src/worker/protocol.js';
import { ClockOffset } from '../../src/worker/timeOrigin.js';
import { MessageReader, MessageWriter } from '../../src/worker/messageSlots.js';

const LENGTH = 20_000;

/** The writer's loop for the other thread: state k is LENGTH copies of k + 1, written one by one. */
const writerLoop = `
const { SharedWriter } = require('shared-slots');
const { workerData } = require('node:worker_threads');
const stop = new Int32Array(workerData.stop);
const writer = new SharedWriter(workerData.buffer, workerData.length);
const h = { stepIndex: -1, stepStartMs: 0, stepEndMs: 0, ranAtMs: 0, totalSteps: 0, totalDroppedSeconds: 0, elapsedGameSeconds: 0, paused: 0, pausedAtMs: NaN, timeScale: 1 };
writer.publish(h);
for (let k = 0; Atomics.load(stop, 0) === 0; k++) {
  const state = writer.begin();
  for (let i = 0; i < state.length; i++) state[i] = k + 1;
  h.stepIndex = k;
  h.stepStartMs = k;
  h.stepEndMs = k + 1;
  writer.publish(h);
  Atomics.store(stop, 1, k + 1);
}
`;

function startWriter(buffer: SharedArrayBuffer, stop: SharedArrayBuffer): Worker {
  const slots = buildSync({ entryPoints: [fileURLToPath(new URL('../../src/worker/sharedSlots.ts', import.meta.url))], bundle: true, format: 'cjs', write: false, platform: 'node' });
  const code = `const modules = { 'shared-slots': (() => { const module = { exports: {} }; ${slots.outputFiles[0]!.text}; return module.exports; })() };
const require = (name) => modules[name] ?? globalThis.process.getBuiltinModule?.(name) ?? module.require(name);
${writerLoop}`;
  return new Worker(code, { eval: true, workerData: { buffer, stop, length: LENGTH } });
}

const uniform = (a: Float64Array): boolean => {
  const first = a[0];
  for (let i = 1; i < a.length; i++) if (a[i] !== first) return false;
  return true;
};

describe('shared memory: a triple buffer', () => {
  it("'latest' and 'interpolated' never show a torn state while the other thread writes; 'live' shows states being written", async () => {
    const buffer = createSharedState(LENGTH);
    const stop = new SharedArrayBuffer(8);
    const progress = new Int32Array(stop);
    const worker = startWriter(buffer, stop);
    const reader = new SharedReader(buffer, LENGTH);
    const offset = new ClockOffset();
    const header = emptyHeader();
    const frame = { timestampMs: 0 };
    const target = (read: ReadingTarget['read']): ReadingTarget => ({ alpha: 1, previous: new Float64Array(0), current: new Float64Array(0), step: emptyStepInfo(), read });
    const views = [target('latest'), target('interpolated'), target('live')];
    let reads = 0;
    let torn = 0;
    let liveTorn = 0;
    let distinct = 0;
    let last = -2;
    const until = Date.now() + 45_000;
    try {
      // Read until the writer has published 2,000 states, the reader has seen over 100 of them and 'live'
      // was caught mid-write (or 45 s: a busy machine starves either thread, and a fast writer can
      // publish its 2,000 while a starved reader has looked only a few dozen times).
      while (Date.now() < until && (Atomics.load(progress, 1) < 2000 || liveTorn === 0 || reads < 5000 || distinct <= 100)) {
        for (const view of views) {
          frame.timestampMs = reads;
          const slot = reader.take();
          if (!reader.received) continue;
          applyReading(view, slot, view.read === 'live' ? reader.live() : null, frame, offset, header);
          reads++;
          if (view.read === 'live') {
            if (!uniform(view.current)) liveTorn++;
            continue;
          }
          const index = view.step.index;
          if (index !== last) distinct++;
          last = index;
          // A whole state: every number the same, the one the header's step wrote, and the one before it.
          const whole = uniform(view.current) && uniform(view.previous) && view.current[0] === index + 1 && (index < 0 || view.previous[0] === index);
          if (!whole) torn++;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      Atomics.store(progress, 0, 1);
      await worker.terminate();
    }
    expect(reads).toBeGreaterThanOrEqual(5000);
    expect(distinct).toBeGreaterThan(100);
    expect(torn).toBe(0);
    expect(liveTorn).toBeGreaterThan(0);
  }, 120_000);

  it('hands the page a new slot only when the worker published, and the worker the page’s old one', () => {
    const buffer = createSharedState(2);
    const writer = new SharedWriter(buffer, 2);
    const reader = new SharedReader(buffer, 2);
    const h = emptyHeader();
    reader.take();
    expect(reader.received).toBe(false);
    writer.initial().set([7, 7]);
    writer.publish(h);
    const first = reader.take();
    expect(reader.received).toBe(true);
    expect(Array.from(first.current)).toEqual([7, 7]);
    expect(Array.from(first.previous)).toEqual([7, 7]);
    // No new publish: the same slot.
    expect(reader.take()).toBe(first);
    for (let k = 0; k < 5; k++) {
      const s = writer.begin();
      s[0] = s[0]! + 1;
      h.stepIndex = k;
      writer.publish(h);
    }
    const latest = reader.take();
    expect(latest).not.toBe(first);
    expect(Array.from(latest.current)).toEqual([12, 7]);
    expect(Array.from(latest.previous)).toEqual([11, 7]);
    // The worker's next state is written into a slot the page does not hold.
    const next = writer.begin();
    expect(next).not.toBe(latest.current);
  });
});

describe('messages: one slot per state, buffers returned and reused', () => {
  it('the page keeps the latest slot and sends the one it replaces back; the worker reuses it', () => {
    const toPage: Array<{ buffer: ArrayBuffer }> = [];
    const toWorker: Array<{ buffer: ArrayBuffer }> = [];
    const port = (into: Array<{ buffer: ArrayBuffer }>) => ({ postMessage: (m: unknown) => void into.push(m as { buffer: ArrayBuffer }), addEventListener() {}, removeEventListener() {} });
    const writer = new MessageWriter(port(toPage), 3);
    const reader = new MessageReader(port(toWorker), 3);
    const h = emptyHeader();
    writer.initial().set([1, 2, 3]);
    writer.publish(h);
    const s = writer.begin();
    s[0] = 10;
    h.stepIndex = 0;
    writer.publish(h);
    expect(toPage).toHaveLength(2);
    reader.receive(toPage[0]!.buffer);
    reader.receive(toPage[1]!.buffer);
    const slot = reader.take()!;
    expect(Array.from(slot.previous)).toEqual([1, 2, 3]);
    expect(Array.from(slot.current)).toEqual([10, 2, 3]);
    expect(toWorker).toHaveLength(1);
    expect(toWorker[0]!.buffer).toBe(toPage[0]!.buffer);
    writer.recycle(toWorker[0]!.buffer);
    writer.begin();
    writer.publish(h);
    expect(toPage[2]!.buffer).toBe(toPage[0]!.buffer);
    // A buffer of another size is not reused.
    writer.recycle(new ArrayBuffer(8));
    writer.publish(h);
    expect(toPage[3]!.buffer.byteLength).toBe(toPage[0]!.buffer.byteLength);
  });
});
