// Ways a game can turn frame timestamps into game time, from naive to ours. Each contender is
// fed one timestamp per frame and reports the game time (ms since its first frame) that the
// picture of that frame shows, plus, for fixed-step contenders, the update steps it ran.
//
// The Phaser-style and Godot-style contenders are written here from those engines' documented
// behaviour (Phaser 3 TimeStep with smoothStep on; Godot 4 main_timer_sync's DeltaSmoother),
// not copied: they reproduce the decisions that matter for pacing, not every detail.

/**
 * @typedef {object} PacingRun
 * @property {(timestampMs: number) => void} frame
 * @property {number} gameMs   game time of the picture just produced, ms
 * @property {number} steps    update steps run this frame (fixed-step contenders)
 */

/** Raw delta: game time follows the measured timestamps exactly. */
function raw() {
  let first = NaN;
  const run = {
    gameMs: 0,
    steps: 0,
    frame(t) {
      if (Number.isNaN(first)) first = t;
      run.gameMs = t - first;
    },
  };
  return run;
}

/**
 * Phaser 3 TimeStep with smoothStep: the delta handed to the game is the mean of the last ten
 * measured deltas (the history starts filled with the 60 fps target); a delta above the
 * 1000/minFps clamp (minFps 5 → 200 ms) is replaced by the previous history entry, and for the
 * first ten frames after a start deltas are capped at the target.
 */
function phaserStyle() {
  const HISTORY = 10;
  const targetMs = 1000 / 60;
  const clampMs = 1000 / 5;
  const history = new Array(HISTORY).fill(targetMs);
  let index = 0;
  let coolDown = HISTORY;
  let last = NaN;
  const run = {
    gameMs: 0,
    steps: 0,
    frame(t) {
      if (Number.isNaN(last)) {
        last = t;
        return;
      }
      let dt = Math.max(0, t - last);
      last = t;
      if (coolDown > 0) {
        coolDown -= 1;
        dt = Math.min(dt, targetMs);
      }
      if (dt > clampMs) dt = Math.min(history[index], clampMs);
      history[index] = dt;
      index = (index + 1) % HISTORY;
      let sum = 0;
      for (let i = 0; i < HISTORY; i++) sum += history[i];
      run.gameMs += sum / HISTORY;
    },
  };
  return run;
}

/**
 * Godot 4 delta smoothing: the refresh rate is estimated as a whole number of frames per second
 * from 60-frame averages and trusted after three agreeing averages; from then on the vsync
 * interval is a whole number of microseconds (1e6 / fps, truncated), measured time is
 * accumulated and handed out in whole intervals, rounded DOWN, at least one per frame, the rest
 * kept for later. Deltas under 1 ms or over 1 s, and windows whose measured rate is more than
 * 5 % off the estimate, pass through unsmoothed. Times are integer microseconds, as in Godot.
 */
function godotStyle() {
  const READINGS = 60;
  const MEASURE_FRAMES = 120;
  let lastUs = NaN;
  let readings = 0;
  let readingTotal = 0;
  let estimatedFps = 0;
  let hits = 0;
  let complete = false;
  let vsyncUs = 0;
  let leftoverUs = 0;
  let windowFrames = 0;
  let windowUs = 0;
  let allows = true;
  const run = {
    gameMs: 0,
    steps: 0,
    frame(t) {
      const nowUs = Math.round(t * 1000);
      if (Number.isNaN(lastUs)) {
        lastUs = nowUs;
        return;
      }
      const deltaUs = nowUs - lastUs;
      lastUs = nowUs;
      run.gameMs += smooth(deltaUs) / 1000;
    },
  };
  function estimate(deltaUs) {
    readingTotal += deltaUs;
    readings += 1;
    if (readings < READINGS) return;
    const fps = Math.round(1e6 / (readingTotal / READINGS));
    readings = 0;
    readingTotal = 0;
    if (estimatedFps === 0) {
      if (fps < 50) return;
      estimatedFps = fps;
    }
    if (fps === estimatedFps) {
      hits += 1;
      if (!complete && hits > 2) {
        complete = true;
        vsyncUs = Math.trunc(1e6 / estimatedFps);
      }
    } else {
      // A different reading restarts the count (Godot weighs up and down moves separately).
      estimatedFps = fps;
      hits = 0;
      complete = false;
    }
  }
  function smooth(deltaUs) {
    if (deltaUs > 1e6) return deltaUs;
    windowFrames += 1;
    windowUs += deltaUs;
    if (windowFrames === MEASURE_FRAMES) {
      if (complete) {
        const ratio = 1e6 / (windowUs / MEASURE_FRAMES) / estimatedFps;
        allows = ratio > 0.95 && ratio < 1.05;
      }
      windowFrames = 0;
      windowUs = 0;
    }
    if (!allows || deltaUs < 1000) return deltaUs;
    estimate(deltaUs);
    if (!complete) return deltaUs;
    leftoverUs += deltaUs;
    const units = Math.max(1, Math.floor(leftoverUs / vsyncUs));
    leftoverUs -= units * vsyncUs;
    return units * vsyncUs;
  }
  return run;
}

/**
 * Seed 003 as written, with the integer refresh rate a game would ask the OS for: add the carried
 * remainder, round up to whole refresh intervals (at least one), carry the difference.
 * @param {number} refreshHz
 */
function seed003(refreshHz) {
  let carry = 0;
  let last = NaN;
  const run = {
    gameMs: 0,
    steps: 0,
    frame(t) {
      if (Number.isNaN(last)) {
        last = t;
        return;
      }
      let delta = (t - last) / 1000 + carry;
      last = t;
      let frames = Math.trunc(delta * refreshHz + 1);
      if (frames <= 0) frames = 1;
      const old = delta;
      delta = frames / refreshHz;
      carry = old - delta;
      run.gameMs += delta * 1000;
    },
  };
  return run;
}

/**
 * Ours: createRefreshRateDetector measures the rate from the timestamps (fractional rates kept)
 * and createDeltaSmoother (Frank Force's "Time Delta Smoothing" with a bounded lead) uses it.
 * @param {any} core  the built react-timestep/core module
 */
function oursSmoothed(core) {
  const detector = core.createRefreshRateDetector();
  const smoother = core.createDeltaSmoother({ refreshRate: 60 });
  let last = NaN;
  const run = {
    gameMs: 0,
    steps: 0,
    frame(t) {
      const estimate = detector.sample(t);
      if (estimate.refreshRate !== smoother.refreshRate) smoother.setRefreshRate(estimate.refreshRate);
      if (Number.isNaN(last)) {
        last = t;
        return;
      }
      const dt = smoother.smooth((t - last) / 1000);
      last = t;
      run.gameMs += dt * 1000;
    },
  };
  return run;
}

/**
 * Ours: createFixedStep fed the raw timestamps; the picture shows `pictureTime`.
 * @param {any} core
 * @param {number} physicsHz
 * @param {'none' | 'previous' | 'ahead' | 'predicted'} interpolation
 */
function oursFixed(core, physicsHz, interpolation) {
  const fixed = core.createFixedStep({ step: 1 / physicsHz, interpolation });
  const run = {
    gameMs: 0,
    steps: 0,
    frame(t) {
      const decision = fixed.advance(t);
      run.steps = decision.steps;
      run.gameMs = decision.pictureTime * 1000;
    },
  };
  return run;
}

/**
 * Ours, both together as "Time Delta Smoothing" recommends: the smoothed clock (detected rate) drives the fixed
 * step, interpolation 'previous'.
 * @param {any} core
 * @param {number} physicsHz
 */
function oursSmoothedFixed(core, physicsHz) {
  const clock = oursSmoothed(core);
  const fixed = core.createFixedStep({ step: 1 / physicsHz, interpolation: 'previous' });
  const run = {
    gameMs: 0,
    steps: 0,
    frame(t) {
      clock.frame(t);
      const decision = fixed.advance(clock.gameMs);
      run.steps = decision.steps;
      run.gameMs = decision.pictureTime * 1000;
    },
  };
  return run;
}

/**
 * @typedef {object} PacingContender
 * @property {string} id
 * @property {string} label
 * @property {'delta' | 'fixed'} kind
 * @property {boolean} ours
 * @property {(input: import('./inputs.mjs').PacingInput, core: any) => PacingRun} create
 */

/** @type {PacingContender[]} */
export const pacingContenders = [
  { id: 'raw', label: 'raw delta', kind: 'delta', ours: false, create: () => raw() },
  { id: 'phaser', label: 'Phaser-style 10-frame mean + clamp', kind: 'delta', ours: false, create: () => phaserStyle() },
  { id: 'godot', label: 'Godot-style smoother (integer Hz)', kind: 'delta', ours: false, create: () => godotStyle() },
  { id: 'seed003', label: "Force's smoother, integer Hz", kind: 'delta', ours: false, create: (input) => seed003(input.nominalHz) },
  { id: 'ours', label: 'ours: detected rate + createDeltaSmoother', kind: 'delta', ours: true, create: (_input, core) => oursSmoothed(core) },
  ...['none', 'previous', 'ahead', 'predicted'].map((mode) => ({
    id: `fixed-${mode}`,
    label: `ours: createFixedStep '${mode}'`,
    kind: /** @type {const} */ ('fixed'),
    ours: true,
    create: (input, core) => oursFixed(core, input.physicsHz, /** @type {any} */ (mode)),
  })),
  {
    id: 'smoothed-fixed',
    label: "ours: smoothed clock → fixed step 'previous'",
    kind: 'fixed',
    ours: true,
    create: (input, core) => oursSmoothedFixed(core, input.physicsHz),
  },
];
