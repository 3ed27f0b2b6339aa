// The viewer model: one scorer for the simulation, replayed browser streams, the bench and the stories.
/** One presented picture, as the viewer model scores it. Timestamps in ms on one clock. */
export interface ViewerFrame {
  /** When the picture reached the screen, ms. */
  presentMs: number;
  /** The game time the picture shows, ms since game time zero. */
  pictureMs: number;
  /** Game ms thrown away so far by an overload policy (cumulative); lag is measured net of it. */
  droppedMs: number;
  /** What the algorithm handed out for this picture: refresh intervals, or steps at the display rate. */
  updates: number;
  /** Vblanks that really elapsed since the previous frame (ground truth); NaN when unknown. */
  vblanks: number;
}

/** Options of {@link createViewerMeter}. */
export interface ViewerOptions {
  /** The display's refresh interval, ms. */
  refreshIntervalMs: number;
  /** The unit of the "in steps" figures, ms. Default: `refreshIntervalMs`. */
  stepMs?: number;
  /** Pictures presented before this time (ms, on the frames' clock) are left out. Default: none. */
  warmupMs?: number;
}

/** What a viewer saw over the measured pictures. */
export interface ViewerMetrics {
  /** Pictures measured. */
  frames: number;
  /** Pictures per second of real time. */
  fps: number;
  /** The unit of `lagMeanSteps`, `lagMaxSteps` and `judderSteps`, ms. */
  stepMs: number;
  /** The display's refresh interval, ms. */
  refreshIntervalMs: number;
  /** Frames whose `updates` differ from the `vblanks` that really elapsed (a stall, then a jump). */
  flaps: number;
  /** Frames whose `vblanks` were known (the denominator of `flapRatio`). */
  flapsCounted: number;
  /** `flaps / flapsCounted` (0 when nothing was counted). */
  flapRatio: number;
  /** RMS change of (shown game time − presentation time) between pictures, ms: 0 is perfectly even. */
  judderMs: number;
  /** `judderMs / stepMs`. */
  judderSteps: number;
  /** Largest absolute change of (shown game time − presentation time) between two pictures, ms. */
  judderMaxMs: number;
  /** Mean of presentMs − droppedMs − pictureMs: how old the shown moment is when it is seen, ms. */
  lagMeanMs: number;
  /** Largest lag over the measured pictures, ms. */
  lagMaxMs: number;
  /** Smallest lag, ms; negative when a picture showed game time ahead of its present. */
  lagMinMs: number;
  /** `lagMeanMs / stepMs`. */
  lagMeanSteps: number;
  /** `lagMaxMs / stepMs`. */
  lagMaxSteps: number;
  /** Pictures showing the same game time as the picture before them (a visible halt). */
  repeatedPictures: number;
  /** `repeatedPictures / frames`. */
  repeatedRatio: number;
  /** Vblanks on which no new picture appeared (known `vblanks` above 1, summed). */
  skippedVblanks: number;
  /** Pictures whose game time advanced at least 1.5 × the real time since the previous present. */
  doubledDeltas: number;
  /** `doubledDeltas` per minute of measured real time. */
  doubledDeltasPerMinute: number;
  /** Game time the pictures advanced / real time between their presents (below 1: slow motion). */
  speed: number;
  /** As `speed`, counting dropped game time as advanced: below 1 only while time is still owed. */
  netSpeed: number;
  /** Game seconds thrown away by overload policies while measured. */
  droppedSeconds: number;
  /** Real time measured: first to last measured present, ms. */
  measuredMs: number;
}

/** A streaming scorer: add pictures in presentation order, read the metrics at any time. */
export interface ViewerMeter {
  /** Score one presented picture. Allocation-free. */
  add(frame: ViewerFrame): void;
  /** The metrics so far (a new object). */
  result(): ViewerMetrics;
  /** Forget every picture; dropped time is then counted from the last picture added. */
  reset(): void;
}

const SAME_PICTURE_MS = 1e-6;
const DOUBLED_RATIO = 1.5;
// Slices are summed in float intervals.
const FLAP_TOLERANCE = 1e-6;

// Slots of the meter's Float64Array. Why typed: docs/performance.md.
const LAG_SUM = 0;
const LAG_MAX = 1;
const LAG_MIN = 2;
const JUDDER_SQUARES = 3;
const JUDDER_MAX = 4;
const FIRST_PRESENT = 5;
const FIRST_NET_PICTURE = 6;
const LAST_PRESENT = 7;
const LAST_NET_PICTURE = 8;
const PREVIOUS_PRESENT = 9;
const PREVIOUS_PICTURE = 10;
const FIRST_DROPPED = 11;
const LAST_DROPPED = 12;
const PREVIOUS_DROPPED = 13;
const FIRST_PICTURE = 14;
const LAST_PICTURE = 15;
const SLOTS = 16;

/**
 * Create the viewer model's scorer: `add` each presented picture, read `result()`. The metrics:
 * docs/simulation.md#what-is-measured.
 */
export function createViewerMeter(options: ViewerOptions): ViewerMeter {
  const refreshIntervalMs = options?.refreshIntervalMs;
  if (typeof refreshIntervalMs !== 'number' || !(refreshIntervalMs > 0) || !Number.isFinite(refreshIntervalMs)) {
    throw new RangeError(`createViewerMeter: option \`refreshIntervalMs\` must be a finite number > 0, got ${String(refreshIntervalMs)}`);
  }
  const stepMs = options.stepMs ?? refreshIntervalMs;
  if (typeof stepMs !== 'number' || !(stepMs > 0) || !Number.isFinite(stepMs)) {
    throw new RangeError(`createViewerMeter: option \`stepMs\` must be a finite number > 0, got ${String(stepMs)}`);
  }
  const warmupMs = options.warmupMs ?? -Infinity;
  if (typeof warmupMs !== 'number' || Number.isNaN(warmupMs)) {
    throw new RangeError(`createViewerMeter: option \`warmupMs\` must be a number, got ${String(warmupMs)}`);
  }

  const acc = new Float64Array(SLOTS);
  let frames = 0;
  let judderCount = 0;
  let flaps = 0;
  let flapsCounted = 0;
  let repeated = 0;
  let skipped = 0;
  let doubled = 0;
  let havePrevious = false;
  /** Any picture was ever added (kept by `reset()`, so dropped time is counted from the last one). */
  let seenAny = false;

  function reset(): void {
    // A reset mid-run counts only what is dropped from then on.
    const previousDropped = acc[PREVIOUS_DROPPED]!;
    acc.fill(0);
    acc[PREVIOUS_DROPPED] = previousDropped;
    acc[LAG_MAX] = -Infinity;
    acc[LAG_MIN] = Infinity;
    frames = 0;
    judderCount = 0;
    flaps = 0;
    flapsCounted = 0;
    repeated = 0;
    skipped = 0;
    doubled = 0;
    havePrevious = false;
  }
  reset();

  function add(f: ViewerFrame): void {
    const presentMs = f.presentMs;
    const pictureMs = f.pictureMs;
    const droppedMs = f.droppedMs;
    if (presentMs >= warmupMs) {
      if (frames === 0) {
        acc[FIRST_PRESENT] = presentMs;
        acc[FIRST_NET_PICTURE] = pictureMs + droppedMs;
        acc[FIRST_PICTURE] = pictureMs;
        // Time dropped on the way to the first measured picture counts as measured.
        acc[FIRST_DROPPED] = seenAny ? acc[PREVIOUS_DROPPED]! : 0;
      }
      frames += 1;
      acc[LAST_PRESENT] = presentMs;
      acc[LAST_NET_PICTURE] = pictureMs + droppedMs;
      acc[LAST_PICTURE] = pictureMs;
      acc[LAST_DROPPED] = droppedMs;
      const lag = presentMs - droppedMs - pictureMs;
      acc[LAG_SUM] = acc[LAG_SUM]! + lag;
      if (lag > acc[LAG_MAX]!) acc[LAG_MAX] = lag;
      if (lag < acc[LAG_MIN]!) acc[LAG_MIN] = lag;
      const vblanks = f.vblanks;
      if (vblanks === vblanks) {
        flapsCounted += 1;
        if (Math.abs(f.updates - vblanks) > FLAP_TOLERANCE) flaps += 1;
        if (vblanks > 1) skipped += vblanks - 1;
      }
      if (havePrevious) {
        const advancedMs = pictureMs - acc[PREVIOUS_PICTURE]!;
        const realMs = presentMs - acc[PREVIOUS_PRESENT]!;
        const judder = advancedMs - realMs;
        acc[JUDDER_SQUARES] = acc[JUDDER_SQUARES]! + judder * judder;
        judderCount += 1;
        const size = judder < 0 ? -judder : judder;
        if (size > acc[JUDDER_MAX]!) acc[JUDDER_MAX] = size;
        if (Math.abs(advancedMs) <= SAME_PICTURE_MS) repeated += 1;
        if (realMs > 0 && advancedMs >= DOUBLED_RATIO * realMs) doubled += 1;
      }
    }
    havePrevious = true;
    seenAny = true;
    acc[PREVIOUS_PRESENT] = presentMs;
    acc[PREVIOUS_PICTURE] = pictureMs;
    acc[PREVIOUS_DROPPED] = droppedMs;
  }

  function result(): ViewerMetrics {
    const n = frames;
    const measuredMs = n > 0 ? acc[LAST_PRESENT]! - acc[FIRST_PRESENT]! : 0;
    const lagMeanMs = n > 0 ? acc[LAG_SUM]! / n : 0;
    const lagMaxMs = n > 0 ? acc[LAG_MAX]! : 0;
    const judderMs = judderCount > 0 ? Math.sqrt(acc[JUDDER_SQUARES]! / judderCount) : 0;
    const minutes = measuredMs / 60000;
    return {
      frames: n,
      fps: measuredMs > 0 ? ((n - 1) * 1000) / measuredMs : 0,
      stepMs,
      refreshIntervalMs,
      flaps,
      flapsCounted,
      flapRatio: flapsCounted > 0 ? flaps / flapsCounted : 0,
      judderMs,
      judderSteps: judderMs / stepMs,
      judderMaxMs: acc[JUDDER_MAX]!,
      lagMeanMs,
      lagMaxMs,
      lagMinMs: n > 0 ? acc[LAG_MIN]! : 0,
      lagMeanSteps: lagMeanMs / stepMs,
      lagMaxSteps: lagMaxMs / stepMs,
      repeatedPictures: repeated,
      repeatedRatio: n > 0 ? repeated / n : 0,
      skippedVblanks: skipped,
      doubledDeltas: doubled,
      doubledDeltasPerMinute: minutes > 0 ? doubled / minutes : 0,
      speed: measuredMs > 0 ? (acc[LAST_PICTURE]! - acc[FIRST_PICTURE]!) / measuredMs : 0,
      netSpeed: measuredMs > 0 ? (acc[LAST_NET_PICTURE]! - acc[FIRST_NET_PICTURE]!) / measuredMs : 0,
      droppedSeconds: n > 0 ? (acc[LAST_DROPPED]! - acc[FIRST_DROPPED]!) / 1000 : 0,
      measuredMs,
    };
  }

  return { add, result, reset };
}
