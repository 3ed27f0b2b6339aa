// The simulation the real-browser thread tests run in a worker: every number of the state is the
// index of the last step + 1, written one by one (a state whose numbers differ is torn); each step
// reports when it ran and the events it saw; a heartbeat on a BroadcastChannel says "I am alive"
// whatever became of the Worker object (a worker not terminated keeps beating).
import { defineSimulation } from '../../../src/worker/index.js';

export const STATE_LENGTH = 20_000;
export const HEARTBEAT_CHANNEL = 'react-timestep-threads-heartbeat';

const heartbeat = typeof BroadcastChannel === 'function' ? new BroadcastChannel(HEARTBEAT_CHANNEL) : null;

export interface StepReport {
  kind: 'step';
  index: number;
  startMs: number;
  endMs: number;
  ranAtMs: number;
  events: Array<{ code: string; timestampMs: number }>;
}

export const stamps = defineSimulation({
  stateLength: STATE_LENGTH,
  update(state, step, input, context) {
    for (let i = 0; i < state.length; i++) state[i] = step.index + 1;
    const events: StepReport['events'] = [];
    for (let i = 0; i < input.count; i++) events.push({ code: input.event(i).code, timestampMs: input.event(i).timestampMs });
    const now = performance.now();
    context.post({ kind: 'step', index: step.index, startMs: step.stepStartTimestampMs, endMs: step.stepEndTimestampMs, ranAtMs: now, events } satisfies StepReport);
    heartbeat?.postMessage({ atMs: performance.timeOrigin + now });
  },
  onMessage(data, _state, context) {
    // The worker's clock, to check the page maps it onto its own.
    if (data === 'now') context.post({ kind: 'now', nowMs: performance.now(), timeOrigin: performance.timeOrigin });
  },
});
