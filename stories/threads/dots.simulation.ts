// The stories' simulation: DOTS dots that cross the track together, one x each, written one by one
// so a state read while it is being written (a torn state) shows the dots out of line. `writeMs`
// makes each step an expensive one, spread over its dots, as a heavy update would be: the longer a
// step writes, the likelier a frame reads it half written. Each step can also tell the page when it
// ran (epoch ms), so the page can count the steps run during a stall.
import { defineSimulation } from '../../src/worker/index.js';

export const DOTS = 24;
/** Track width, px; the dots cross it in PERIOD_S seconds of game time. */
export const TRACK = 300;
const PERIOD_S = 2;

export interface DotsProps {
  /** Send a message per step (the stall story counts them). */
  report: boolean;
  /** Real ms each step takes to write its dots (busy, spread evenly over them). Default 0. */
  writeMs?: number;
}

export const dots = defineSimulation<DotsProps>({
  stateLength: DOTS,
  update(state, step, _input, context) {
    const x = ((step.index + 1) * step.dt * (TRACK / PERIOD_S)) % TRACK;
    const perDotMs = (context.props?.writeMs ?? 0) / DOTS;
    for (let i = 0; i < DOTS; i++) {
      state[i] = x;
      const until = performance.now() + perDotMs;
      while (perDotMs > 0 && performance.now() < until);
    }
    if (context.props?.report) context.post({ index: step.index, ranAtEpochMs: performance.timeOrigin + performance.now() });
  },
});

/** A state whose dots are not in line was read while the worker wrote it. */
export function isTorn(state: Float64Array): boolean {
  for (let i = 1; i < state.length; i++) if (state[i] !== state[0]) return true;
  return false;
}
