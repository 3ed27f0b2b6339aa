// The real-browser checks of react-timestep/worker as a plain page (threads.browsers.mjs bundles it,
// serves it with and without COOP/COEP, and opens it in Chromium and Firefox). Results go to
// window.__threads; waits are counted in frames, and the one time-based part (a main thread blocked
// for 300 ms) asserts only what holds on any machine that runs the worker at all.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useWorkerSimulation, type WorkerSimulation } from '../../../src/worker/index.js';
import { HEARTBEAT_CHANNEL, type StepReport } from './simulation.js';

export interface ThreadsResults {
  isolated: boolean;
  transport: string | null;
  errors: string[];
  /** Reads per way of reading, and the torn states among them. */
  reads: Record<'latest' | 'interpolated' | 'live', { reads: number; torn: number; alphaOutside: number }>;
  /** Page ms of the worker's `performance.now()` minus the page's, bracketing the question (≤ 0 ≤ …). */
  clock: { before: number; mapped: number; after: number } | null;
  /** The last of up to BLOCK_TRIES blocks of the main thread (`tries`: how many ran). */
  block: { ms: number; stepsDuring: number; expected: number; tries: number } | null;
  steps: { count: number; gaps: number };
  input: { sent: number; seen: number; twice: number; beforeHappened: number; inSpan: number } | null;
  teardown: { heartbeatsBefore: number; heartbeatsAfter: number } | null;
  done: boolean;
}

const results: ThreadsResults = {
  isolated: globalThis.crossOriginIsolated === true,
  transport: null,
  errors: [],
  reads: { latest: { reads: 0, torn: 0, alphaOutside: 0 }, interpolated: { reads: 0, torn: 0, alphaOutside: 0 }, live: { reads: 0, torn: 0, alphaOutside: 0 } },
  clock: null,
  block: null,
  steps: { count: 0, gaps: 0 },
  input: null,
  teardown: null,
  done: false,
};
(window as unknown as { __threads: ThreadsResults }).__threads = results;
window.addEventListener('error', (event) => results.errors.push(String(event.message)));

const STEP = 1 / 120;
const reports: StepReport[] = [];
let nowReply: { nowMs: number; timeOrigin: number } | null = null;
let sim: WorkerSimulation | null = null;

function Game() {
  sim = useWorkerSimulation('/threads-worker.js', {
    step: STEP,
    overload: 'catch-up',
    input: true,
    onMessage: (m) => {
      const message = m as StepReport | { kind: 'now'; nowMs: number; timeOrigin: number };
      if (message.kind === 'step') reports.push(message);
      else nowReply = message;
    },
    onError: (error) => results.errors.push(error.message),
  });
  return null;
}

const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

async function frames(n: number, each?: (timestampMs: number) => void): Promise<void> {
  for (let i = 0; i < n; i++) each?.(await frame());
}

/** Wait on frames until `predicate` holds: at least `maxFrames` frames and 20 s (a headless page may run frames faster than any display, or slower). */
async function until(predicate: () => boolean, what: string, maxFrames = 1200): Promise<void> {
  const startMs = performance.now();
  for (let i = 0; !predicate() && (i < maxFrames || performance.now() - startMs < 20_000); i++) await frame();
  if (!predicate()) throw new Error(`${what}: not met on real frames`);
}

function whole(s: WorkerSimulation): boolean {
  const { current, previous, step } = s;
  const index = step.index;
  for (let i = 0; i < current.length; i++) if (current[i] !== index + 1 || (index >= 0 && previous[i] !== index)) return false;
  return true;
}

function readEveryWay(timestampMs: number): void {
  const s = sim!;
  for (const read of ['latest', 'interpolated', 'live'] as const) {
    s.setRead(read);
    s.readAt({ timestampMs });
    const r = results.reads[read];
    r.reads++;
    if (!(s.alpha >= 0 && s.alpha <= 1)) r.alphaOutside++;
    if (read === 'live') {
      const first = s.current[0];
      if (s.current.some((v) => v !== first)) r.torn++;
    } else if (!whole(s)) {
      r.torn++;
    }
  }
  s.setRead('interpolated');
}

async function clockCheck(): Promise<number> {
  const before = performance.now();
  sim!.post('now');
  await until(() => nowReply !== null, 'the worker answered');
  const after = performance.now();
  const reply = nowReply!;
  const offsetMs = reply.timeOrigin - performance.timeOrigin;
  results.clock = { before, mapped: reply.nowMs + offsetMs, after };
  return offsetMs;
}

/** Steps a worker must run during a block to show it steps on its own. */
const BLOCK_MIN_STEPS = 3;
/**
 * Blocks tried. The OS decides when the worker's thread runs: with both cores busy (other browsers,
 * a build) a run once saw 3 of 36 steps during the block, so a worker that steps on its own may
 * need another try; one driven by the page's thread runs none during any of them.
 */
const BLOCK_TRIES = 3;

async function blockCheck(offsetMs: number): Promise<void> {
  for (let tries = 1; tries <= BLOCK_TRIES; tries++) {
    await frames(5);
    const startMs = performance.now();
    while (performance.now() - startMs < 300) {
      // The main thread is busy: no frame, no message, no event handler runs here.
    }
    const endMs = performance.now();
    // Messages arrive in order: once one sent after the block is here, all sent during it are.
    await until(() => reports.length > 0 && reports[reports.length - 1]!.ranAtMs + offsetMs > endMs + 1, 'a step after the block reported');
    const during = reports.filter((r) => r.ranAtMs + offsetMs > startMs + 1 && r.ranAtMs + offsetMs < endMs - 1).length;
    results.block = { ms: endMs - startMs, stepsDuring: during, expected: Math.floor((endMs - startMs) / (STEP * 1000)), tries };
    if (during >= BLOCK_MIN_STEPS) return;
  }
}

async function inputCheck(): Promise<void> {
  const sent: number[] = [];
  for (let i = 0; i < 24; i++) {
    await frame();
    // Some right after a frame, some from a timer in between.
    if (i % 2 === 0) await new Promise((resolve) => setTimeout(resolve, (i * 3) % 11));
    const event = new KeyboardEvent(i % 2 === 0 ? 'keydown' : 'keyup', { code: `Key${String.fromCharCode(65 + i)}` });
    sent.push(event.timeStamp);
    window.dispatchEvent(event);
  }
  const codes = new Set(sent.map((_, i) => `Key${String.fromCharCode(65 + i)}`));
  await until(() => reports.reduce((n, r) => n + r.events.filter((e) => codes.has(e.code)).length, 0) >= sent.length, 'every event seen', 600).catch(() => undefined);
  const seen = reports.flatMap((r) => r.events.filter((e) => codes.has(e.code)).map((e) => ({ ...e, startMs: r.startMs, endMs: r.endMs })));
  const byCode = new Map<string, number>();
  for (const e of seen) byCode.set(e.code, (byCode.get(e.code) ?? 0) + 1);
  results.input = {
    sent: sent.length,
    seen: byCode.size,
    twice: [...byCode.values()].filter((n) => n > 1).length,
    // Worker ms on both sides: an event is never handed to a step whose span ended before it happened.
    beforeHappened: seen.filter((e) => e.timestampMs > e.endMs + 1e-6).length,
    inSpan: seen.filter((e) => e.timestampMs > e.startMs && e.timestampMs <= e.endMs + 1e-6).length,
  };
}

async function teardownCheck(unmount: () => void): Promise<void> {
  const beats: number[] = [];
  const channel = new BroadcastChannel(HEARTBEAT_CHANNEL);
  channel.onmessage = (event) => beats.push((event.data as { atMs: number }).atMs);
  await until(() => beats.length >= 3, 'heartbeats from the worker');
  const heartbeatsBefore = beats.length;
  unmount();
  // terminate() does not stop a worker at once: on a loaded machine Chromium ran 3 more steps of a
  // worker without isolation more than 30 frames after unmount (their beats reached this page), then
  // it stopped. So the worker gets 30 frames and 2 s, and anything beating in the second after that
  // is a worker still alive (StrictMode's first one included): one beats 120 times a second.
  await frames(30);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const quietFrom = performance.timeOrigin + performance.now();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await frames(10);
  channel.close();
  results.teardown = { heartbeatsBefore, heartbeatsAfter: beats.filter((at) => at > quietFrom).length };
}

async function main(): Promise<void> {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  root.render(
    <StrictMode>
      <Game />
    </StrictMode>,
  );
  await until(() => sim !== null && sim.ready && sim.step.index > 10, 'the worker ran 10 steps');
  results.transport = sim!.transport;
  await frames(90, readEveryWay);
  const offsetMs = await clockCheck();
  await blockCheck(offsetMs);
  await inputCheck();
  results.steps.count = reports.length;
  results.steps.gaps = reports.filter((r, i) => i > 0 && r.index !== reports[i - 1]!.index + 1).length;
  await teardownCheck(() => root.unmount());
}

main()
  .catch((error: unknown) => results.errors.push(String((error as Error)?.stack ?? error)))
  .finally(() => {
    results.done = true;
  });
