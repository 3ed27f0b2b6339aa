import { defineSimulation } from 'react-timestep/worker';

export const BALLS = 8;
const GRAVITY = 900; // px/s²
const FLOOR = 180;

/** BALLS balls bouncing under gravity: y and velocity each, stepped in the worker. */
export const balls = defineSimulation({
  stateLength: BALLS * 2,
  init(state) {
    for (let i = 0; i < BALLS; i++) state[i * 2] = 20 + i * 15;
  },
  update(state, step) {
    for (let i = 0; i < BALLS; i++) {
      let vy = state[i * 2 + 1] + GRAVITY * step.dt;
      let y = state[i * 2] + vy * step.dt;
      if (y > FLOOR) {
        y = FLOOR;
        vy = -520; // bounce forever
      }
      state[i * 2] = y;
      state[i * 2 + 1] = vy;
    }
  },
});
