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

/** A picture the meter remembers: the first and last measured ones, and the one before the next. */
interface PictureMark {
  presentMs: number;
  pictureMs: number;
  /** `pictureMs + droppedMs`: the game time shown, counting dropped time as advanced. */
  netPictureMs: number;
  droppedMs: number;
}

/** Running sums over the measured pictures. */
interface Totals {
  frames: number;
  judderCount: number;
  flaps: number;
  flapsCounted: number;
  repeated: number;
  skipped: number;
  doubled: number;
  lagSumMs: number;
  lagMaxMs: number;
  lagMinMs: number;
  judderSquaresMs2: number;
  judderMaxMs: number;
  /** Game ms dropped before the first measured picture (counted from the last picture before it). */
  droppedBeforeMs: number;
}

// Every field starts as a number and only ever holds numbers: writes then allocate nothing
// (docs/performance.md, "Where a double lives").
function newMark(): PictureMark {
  return { presentMs: 0, pictureMs: 0, netPictureMs: 0, droppedMs: 0 };
}

function newTotals(): Totals {
  return {
    frames: 0,
    judderCount: 0,
    flaps: 0,
    flapsCounted: 0,
    repeated: 0,
    skipped: 0,
    doubled: 0,
    lagSumMs: 0,
    lagMaxMs: -Infinity,
    lagMinMs: Infinity,
    judderSquaresMs2: 0,
    judderMaxMs: 0,
    droppedBeforeMs: 0,
  };
}

function markPicture(mark: PictureMark, f: ViewerFrame): void {
  mark.presentMs = f.presentMs;
  mark.pictureMs = f.pictureMs;
  mark.netPictureMs = f.pictureMs + f.droppedMs;
  mark.droppedMs = f.droppedMs;
}

function checkInterval(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) {
    throw new RangeError(`createViewerMeter: option \`${name}\` must be a finite number > 0, got ${String(value)}`);
  }
  return value;
}

/** Score one measured picture against the one before it (`previous`, when there is one). */
function score(t: Totals, f: ViewerFrame, previous: PictureMark | null): void {
  const lag = f.presentMs - f.droppedMs - f.pictureMs;
  t.lagSumMs += lag;
  if (lag > t.lagMaxMs) t.lagMaxMs = lag;
  if (lag < t.lagMinMs) t.lagMinMs = lag;
  const vblanks = f.vblanks;
  if (!Number.isNaN(vblanks)) {
    t.flapsCounted += 1;
    if (Math.abs(f.updates - vblanks) > FLAP_TOLERANCE) t.flaps += 1;
    if (vblanks > 1) t.skipped += vblanks - 1;
  }
  if (previous === null) return;
  const advancedMs = f.pictureMs - previous.pictureMs;
  const realMs = f.presentMs - previous.presentMs;
  const judder = advancedMs - realMs;
  t.judderSquaresMs2 += judder * judder;
  t.judderCount += 1;
  const size = Math.abs(judder);
  if (size > t.judderMaxMs) t.judderMaxMs = size;
  if (Math.abs(advancedMs) <= SAME_PICTURE_MS) t.repeated += 1;
  if (realMs > 0 && advancedMs >= DOUBLED_RATIO * realMs) t.doubled += 1;
}

function metricsOf(t: Totals, first: PictureMark, last: PictureMark, stepMs: number, refreshIntervalMs: number): ViewerMetrics {
  const n = t.frames;
  const measuredMs = n > 0 ? last.presentMs - first.presentMs : 0;
  const lagMeanMs = n > 0 ? t.lagSumMs / n : 0;
  const lagMaxMs = n > 0 ? t.lagMaxMs : 0;
  const judderMs = t.judderCount > 0 ? Math.sqrt(t.judderSquaresMs2 / t.judderCount) : 0;
  const minutes = measuredMs / 60000;
  return {
    frames: n,
    fps: measuredMs > 0 ? ((n - 1) * 1000) / measuredMs : 0,
    stepMs,
    refreshIntervalMs,
    flaps: t.flaps,
    flapsCounted: t.flapsCounted,
    flapRatio: t.flapsCounted > 0 ? t.flaps / t.flapsCounted : 0,
    judderMs,
    judderSteps: judderMs / stepMs,
    judderMaxMs: t.judderMaxMs,
    lagMeanMs,
    lagMaxMs,
    lagMinMs: n > 0 ? t.lagMinMs : 0,
    lagMeanSteps: lagMeanMs / stepMs,
    lagMaxSteps: lagMaxMs / stepMs,
    repeatedPictures: t.repeated,
    repeatedRatio: n > 0 ? t.repeated / n : 0,
    skippedVblanks: t.skipped,
    doubledDeltas: t.doubled,
    doubledDeltasPerMinute: minutes > 0 ? t.doubled / minutes : 0,
    speed: measuredMs > 0 ? (last.pictureMs - first.pictureMs) / measuredMs : 0,
    netSpeed: measuredMs > 0 ? (last.netPictureMs - first.netPictureMs) / measuredMs : 0,
    droppedSeconds: n > 0 ? (last.droppedMs - t.droppedBeforeMs) / 1000 : 0,
    measuredMs,
  };
}

/**
 * Create the viewer model's scorer: `add` each presented picture, read `result()`. The metrics:
 * docs/simulation.md#what-is-measured.
 */
export function createViewerMeter(options: ViewerOptions): ViewerMeter {
  const refreshIntervalMs = checkInterval('refreshIntervalMs', options?.refreshIntervalMs);
  const stepMs = checkInterval('stepMs', options.stepMs ?? refreshIntervalMs);
  const warmupMs = options.warmupMs ?? -Infinity;
  if (typeof warmupMs !== 'number' || Number.isNaN(warmupMs)) {
    throw new RangeError(`createViewerMeter: option \`warmupMs\` must be a number, got ${String(warmupMs)}`);
  }

  const totals = newTotals();
  const first = newMark();
  const last = newMark();
  /** The last picture added, measured or not: the next one's judder and dropped time start from it. */
  const previous = newMark();
  let havePrevious = false;
  /** Any picture was ever added (kept by `reset()`, so dropped time is counted from the last one). */
  let seenAny = false;

  return {
    add(f) {
      if (f.presentMs >= warmupMs) {
        if (totals.frames === 0) {
          markPicture(first, f);
          // Time dropped on the way to the first measured picture counts as measured.
          totals.droppedBeforeMs = seenAny ? previous.droppedMs : 0;
        }
        totals.frames += 1;
        markPicture(last, f);
        score(totals, f, havePrevious ? previous : null);
      }
      havePrevious = true;
      seenAny = true;
      markPicture(previous, f);
    },
    result: () => metricsOf(totals, first, last, stepMs, refreshIntervalMs),
    reset() {
      // A reset mid-run counts only what is dropped from then on: `previous.droppedMs` stays.
      // (`first` and `last` are rewritten by the next measured picture.)
      Object.assign(totals, newTotals());
      havePrevious = false;
    },
  };
}
