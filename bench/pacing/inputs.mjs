// Frame-timestamp inputs for the pacing benchmark, modelled on what people report measuring.
//
// The display refreshes on an exact grid (vblank j at j × interval). The page's frame callback
// runs a little after each vblank; how long after wanders (OS scheduling, compositor), which is
// what makes measured deltas differ from the refresh interval while the display itself stays
// perfectly regular. The wander is bounded, so every callback still lands in its own vblank
// interval and the ideal game would advance exactly one interval per picture.

/** Seconds discarded at the start of every input so detectors and estimators can settle. */
export const WARMUP_SECONDS = 5;
/** Seconds measured after the warm-up. */
export const MEASURED_SECONDS = 60;

/**
 * A small seeded generator (mulberry32) so every run sees the same inputs.
 * @param {number} seed
 */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Timestamps (ms) of a vsynced loop on a display of `refreshHz`.
 * @param {object} o
 * @param {number} o.refreshHz       true refresh rate of the display
 * @param {number} o.minDeltaMs      smallest ordinary measured delta
 * @param {number} o.maxDeltaMs      largest ordinary measured delta
 * @param {number} [o.stuffingEvery] mean frames between queue-stuffing pairs (none when absent)
 * @param {number} [o.stuffLongMs]   the long delta of a pair
 * @param {number} [o.stuffShortMs]  the short delta that follows it
 * @param {number} o.seed
 */
function vsyncTimestamps(o) {
  const interval = 1000 / o.refreshHz;
  const random = seededRandom(o.seed);
  const frames = Math.round((WARMUP_SECONDS + MEASURED_SECONDS) * o.refreshHz);
  const out = new Float64Array(frames);
  // How far after its vblank the callback runs, ms. Kept in [minOffset, maxOffset] so it never
  // crosses into the next vblank interval.
  const minOffset = 0.05;
  const maxOffset = Math.max(0.3, o.maxDeltaMs - o.minDeltaMs);
  let offset = (minOffset + maxOffset) / 2;
  let vblank = 60; // start one second in, at 60 Hz-ish: the value does not matter
  out[0] = vblank * interval + offset;
  let stuffing = 0;
  for (let i = 1; i < frames; i++) {
    vblank += 1;
    let delta;
    if (stuffing === 1) {
      delta = o.stuffShortMs;
      stuffing = 0;
    } else if (o.stuffingEvery && i + 1 < frames && random() < 1 / o.stuffingEvery) {
      delta = o.stuffLongMs;
      stuffing = 1;
    } else {
      // A delta in the reported range that keeps the offset bounded (the display never drifts).
      const lo = Math.max(o.minDeltaMs, interval + minOffset - offset);
      const hi = Math.min(o.maxDeltaMs, interval + maxOffset - offset);
      // After a stuffing pair the offset can sit outside the band: step back towards it.
      const toMiddle = interval + (minOffset + maxOffset) / 2 - offset;
      delta = lo <= hi ? lo + random() * (hi - lo) : Math.min(o.maxDeltaMs, Math.max(o.minDeltaMs, toMiddle));
    }
    out[i] = out[i - 1] + delta;
    offset = out[i] - vblank * interval;
  }
  return out;
}

/**
 * @typedef {object} PacingInput
 * @property {string} id
 * @property {string} label
 * @property {string} source       where the figures come from
 * @property {number} refreshHz    true display rate
 * @property {number} nominalHz    the integer rate a game would assume
 * @property {number} physicsHz    fixed-step rate used by the interpolation rows
 * @property {boolean} steady      every frame lands in its own vblank (the goals apply)
 * @property {Float64Array} timestamps
 */

/** @returns {PacingInput[]} */
export function pacingInputs() {
  const steadyJitter = (hz, spreadMs) => ({ minDeltaMs: 1000 / hz - spreadMs / 2, maxDeltaMs: 1000 / hz + spreadMs / 2 });
  return [
    {
      id: '60-stuffing',
      label: '60 Hz, deltas 16.4–17.1 ms, queue-stuffing pairs',
      source: 'Frank Force, "Time Delta Smoothing" (the long-short "heartbeat" a driver\'s frame queue causes); the 16.4–17.1 ms spread and the 31.5 ms then 2.5 ms pair as reported to the project; one pair every 3 s on average',
      refreshHz: 60,
      nominalHz: 60,
      physicsHz: 60,
      steady: false,
      timestamps: vsyncTimestamps({ refreshHz: 60, minDeltaMs: 16.4, maxDeltaMs: 17.1, stuffingEvery: 180, stuffLongMs: 31.5, stuffShortMs: 2.5, seed: 1 }),
    },
    {
      id: '60-jitter',
      label: '60 Hz, deltas 16.4–17.1 ms',
      source: 'the same loop without the queue-stuffing pairs',
      refreshHz: 60,
      nominalHz: 60,
      physicsHz: 60,
      steady: true,
      timestamps: vsyncTimestamps({ refreshHz: 60, minDeltaMs: 16.4, maxDeltaMs: 17.1, seed: 2 }),
    },
    {
      id: '144-jitter',
      label: '144 Hz, ±7 % jitter',
      source: '±7 % jitter on a 144 Hz display, as reported to the project',
      refreshHz: 144,
      nominalHz: 144,
      physicsHz: 144,
      steady: true,
      timestamps: vsyncTimestamps({ refreshHz: 144, minDeltaMs: (1000 / 144) * 0.93, maxDeltaMs: (1000 / 144) * 1.07, seed: 3 }),
    },
    {
      id: '59.94',
      label: '59.94 Hz (NTSC-derived 60000/1001)',
      source: 'comments on "Time Delta Smoothing": a swap chain reporting 59.939… Hz',
      refreshHz: 60000 / 1001,
      nominalHz: 60,
      physicsHz: 60,
      steady: true,
      timestamps: vsyncTimestamps({ refreshHz: 60000 / 1001, ...steadyJitter(60000 / 1001, 0.3), seed: 4 }),
    },
    {
      id: '60.154',
      label: '60.154 Hz',
      source: 'a display running at 60.154 Hz, as reported to the project',
      refreshHz: 60.154,
      nominalHz: 60,
      physicsHz: 60,
      steady: true,
      timestamps: vsyncTimestamps({ refreshHz: 60.154, ...steadyJitter(60.154, 0.3), seed: 5 }),
    },
    {
      id: '144-60',
      label: '144 Hz display, 60 Hz physics',
      source: 'Peter Sundqvist, "Timestepping": update rate differs from the display rate',
      refreshHz: 144,
      nominalHz: 144,
      physicsHz: 60,
      steady: true,
      timestamps: vsyncTimestamps({ refreshHz: 144, ...steadyJitter(144, 0.3), seed: 6 }),
    },
    {
      id: '75-60',
      label: '75 Hz display, 60 Hz physics',
      source: 'Peter Sundqvist, "Timestepping", the predicting loop (four updates over five vblanks)',
      refreshHz: 75,
      nominalHz: 75,
      physicsHz: 60,
      steady: true,
      timestamps: vsyncTimestamps({ refreshHz: 75, ...steadyJitter(75, 0.3), seed: 7 }),
    },
  ];
}
