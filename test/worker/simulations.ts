// Simulations the worker tests run: plain objects, as a user's module would export them.
import { defineSimulation } from '../../src/worker/index.js';

/** `count` objects (x, y, angle) moving at speeds set by their index: state[3i] … state[3i + 2]. */
export function movers(count: number) {
  return defineSimulation<{ speed?: number }>({
    stateLength: 3 * count,
    init(state) {
      for (let i = 0; i < count; i++) state[3 * i + 1] = i;
    },
    update(state, step, _input, context) {
      const speed = context.props?.speed ?? 1;
      for (let i = 0; i < count; i++) {
        state[3 * i] = state[3 * i]! + speed * (i + 1) * step.dt;
        state[3 * i + 2] = (state[3 * i + 2]! + step.dt) % (2 * Math.PI);
      }
    },
  });
}

/**
 * Every number of the state is the index of the last step + 1, written one by one: a state whose
 * numbers differ is torn (parts of two steps).
 */
export function stamps(length: number) {
  return defineSimulation({
    stateLength: length,
    update(state, step) {
      for (let i = 0; i < length; i++) state[i] = step.index + 1;
    },
  });
}

/** Logs what each step saw: state[0] steps run, state[1] presses of Space so far, state[2] the last step that saw a press. */
export const presses = defineSimulation({
  stateLength: 3,
  update(state, step, input, context) {
    state[0] = state[0]! + 1;
    for (let i = 0; i < input.count; i++) {
      const event = input.event(i);
      context.post({ step: step.index, kind: event.kind, code: event.code, timestampMs: event.timestampMs });
    }
    if (input.pressed('Space')) {
      state[1] = state[1]! + 1;
      state[2] = step.index;
    }
  },
});
