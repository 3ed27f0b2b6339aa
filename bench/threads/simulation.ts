// The threads benchmark's simulation: OBJECTS objects (x, y, angle) moving on circles; each step
// tells the page its index, the end of its span and when it ran (worker ms), to count lost and late steps.
import { defineSimulation } from '../../src/worker/index.js';

export const OBJECTS = 1000;

export const circles = defineSimulation({
  stateLength: OBJECTS * 3,
  update(state, step, input, context) {
    const t = (step.index + 1) * step.dt;
    for (let i = 0; i < OBJECTS; i++) {
      state[i * 3] = 400 + 300 * Math.cos(t + i);
      state[i * 3 + 1] = 300 + 200 * Math.sin(t + i);
      state[i * 3 + 2] = t + i;
    }
    // [index, span end, ran at, then the timestamps of this step's input events]: worker ms.
    const report = [step.index, step.stepEndTimestampMs, performance.now()];
    for (let i = 0; i < input.count; i++) report.push(input.event(i).timestampMs);
    context.post(report);
  },
});
