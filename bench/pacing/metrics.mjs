// What a viewer sees. The display shows a frame at the first vblank after its callback ran
// (rendering is taken as instant; every input here keeps one callback per vblank interval), so
// the picture of frame k appears at present_k, and the viewer model scores the pictures.
// Everything is measured after the input's warm-up.

import { WARMUP_SECONDS } from './inputs.mjs';

/** Below this, a difference in ms is floating-point noise, not judder. */
const EPSILON_MS = 1e-6;

/**
 * Score one contender on one input with the package's viewer model (`createViewerMeter` from the
 * built `react-timestep/simulation`), the same model the tests, the simulation and the stories use.
 * @param {import('./inputs.mjs').PacingInput} input
 * @param {import('./contenders.mjs').PacingContender} contender
 * @param {any} core  the built react-timestep/core module
 * @param {any} simulation  the built react-timestep/simulation module
 */
export function evaluate(input, contender, core, simulation) {
  const interval = 1000 / input.refreshHz;
  const stepMs = 1000 / input.physicsHz;
  const ts = input.timestamps;
  const run = contender.create(input, core);
  const first = ts[0];
  const warmupEnd = first + WARMUP_SECONDS * 1000;
  const meter = simulation.createViewerMeter({ refreshIntervalMs: interval, stepMs, warmupMs: warmupEnd });
  const frame = { presentMs: 0, pictureMs: 0, droppedMs: 0, updates: 0, vblanks: NaN };
  let prevPresent = NaN;
  let prevGame = 0;

  for (let k = 0; k < ts.length; k++) {
    const t = ts[k];
    run.frame(t);
    const present = (Math.floor(t / interval) + 1) * interval;
    const game = run.gameMs;
    frame.presentMs = present;
    frame.pictureMs = first + game;
    // Game time the picture advanced, in vblanks, against the vblanks the display advanced.
    frame.updates = (game - prevGame) / interval;
    frame.vblanks = Number.isNaN(prevPresent) ? NaN : Math.round((present - prevPresent) / interval);
    meter.add(frame);
    prevPresent = present;
    prevGame = game;
  }

  const m = meter.result();
  const minutes = m.measuredMs / 60000;
  return {
    input: input.id,
    contender: contender.id,
    frames: m.frames,
    judderRmsMs: m.judderMs < EPSILON_MS ? 0 : m.judderMs,
    judderMaxMs: m.judderMaxMs < EPSILON_MS ? 0 : m.judderMaxMs,
    flapsPerMin: m.flaps / minutes,
    lagMeanMs: m.lagMeanMs,
    lagSpreadMs: m.lagMaxMs - m.lagMinMs,
    lagMeanSteps: m.lagMeanSteps,
    duplicatesPerMin: m.repeatedPictures / minutes,
    doubledPerMin: m.doubledDeltasPerMinute,
  };
}
