// What a viewer sees. The display shows a frame at the first vblank after its callback ran
// (rendering is taken as instant; every input here keeps one callback per vblank interval), so
// the picture of frame k appears at present_k. A perfect game shows, at each vblank, game time
// that advanced by exactly the time the display advanced. Everything is measured after the
// input's warm-up.

import { WARMUP_SECONDS } from './inputs.mjs';

/** Below this, a difference in ms is floating-point noise, not judder. */
const EPSILON_MS = 1e-6;

/**
 * @param {import('./inputs.mjs').PacingInput} input
 * @param {import('./contenders.mjs').PacingContender} contender
 * @param {any} core
 */
export function evaluate(input, contender, core) {
  const interval = 1000 / input.refreshHz;
  const stepMs = 1000 / input.physicsHz;
  const ts = input.timestamps;
  const run = contender.create(input, core);
  const first = ts[0];
  const warmupEnd = first + WARMUP_SECONDS * 1000;

  let frames = 0;
  let sumSq = 0;
  let judderMax = 0;
  let judderFrames = 0;
  let duplicates = 0;
  let doubled = 0;
  let lagSum = 0;
  let lagMin = Infinity;
  let lagMax = -Infinity;
  let prevPresent = NaN;
  let prevGame = NaN;
  let measuredStart = NaN;
  let measuredEnd = NaN;

  for (let k = 0; k < ts.length; k++) {
    const t = ts[k];
    run.frame(t);
    const present = (Math.floor(t / interval) + 1) * interval;
    const game = run.gameMs;
    if (t >= warmupEnd && !Number.isNaN(prevPresent)) {
      if (Number.isNaN(measuredStart)) measuredStart = prevPresent;
      measuredEnd = present;
      const dPresent = present - prevPresent;
      const dGame = game - prevGame;
      const error = dGame - dPresent;
      frames += 1;
      sumSq += error * error;
      judderMax = Math.max(judderMax, Math.abs(error));
      // A picture counts as juddering when it is off by more than 1 % of a vblank.
      if (Math.abs(error) > interval * 0.01) judderFrames += 1;
      if (Math.abs(dGame) <= EPSILON_MS) duplicates += 1;
      // A double jump (seed 003's stutter): the picture advanced at least 1.5 times the real time
      // between the two presents. The same rule as react-timestep/simulation's doubledDeltas.
      if (dGame >= 1.5 * dPresent) doubled += 1;
      // How old the shown game time is when it appears (real time since the first frame − game time).
      const lag = present - first - game;
      lagSum += lag;
      lagMin = Math.min(lagMin, lag);
      lagMax = Math.max(lagMax, lag);
    }
    prevPresent = present;
    prevGame = game;
  }

  const minutes = (measuredEnd - measuredStart) / 60000;
  const judderRms = Math.sqrt(sumSq / frames);
  return {
    input: input.id,
    contender: contender.id,
    frames,
    judderRmsMs: judderRms < EPSILON_MS ? 0 : judderRms,
    judderMaxMs: judderMax < EPSILON_MS ? 0 : judderMax,
    judderPerMin: judderFrames / minutes,
    lagMeanMs: lagSum / frames,
    lagSpreadMs: lagMax - lagMin,
    lagMeanSteps: lagSum / frames / stepMs,
    duplicatesPerMin: duplicates / minutes,
    doubledPerMin: doubled / minutes,
  };
}
