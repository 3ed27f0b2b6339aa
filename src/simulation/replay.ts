import { createDeltaSmoother, createFixedStep, createSyncedSlicer } from '../core/index.js';
import { positiveNumber } from '../core/internal.js';
import type { DeltaSmootherOptions, FixedStepOptions, SyncedSlicerOptions } from './types.js';
import { createViewerMeter } from './viewer.js';
import type { ViewerFrame, ViewerMetrics } from './viewer.js';

const OWNER = 'replayFrames';

/** Which algorithm a replay runs, with its core options (the refresh rate defaults to the stream's). */
export type ReplayAlgorithm =
  | { kind: 'synced'; options?: Partial<SyncedSlicerOptions> }
  | { kind: 'smoothed'; options?: Partial<DeltaSmootherOptions> }
  | { kind: 'fixed'; options?: Partial<FixedStepOptions> }
  | { kind: 'variable' };

/** Options of {@link replayFrames}. */
export interface ReplayOptions {
  /** Frame callback timestamps, ms, in order. */
  timestampsMs: ArrayLike<number>;
  /** Vblanks that really elapsed before each frame (ground truth; entry 0 is ignored). Default: unknown. */
  vblanks?: ArrayLike<number>;
  /** The display's refresh rate, Hz. */
  refreshRate: number;
  /** The algorithm; a fixed step's `step` defaults to one refresh interval, other rates to `refreshRate`. */
  algorithm: ReplayAlgorithm;
  /** Frames before this index are left out of the metrics (the algorithms still see them). Default 0. */
  warmupFrames?: number;
  /** Frames where more vblanks elapsed are an overload, not counted as flaps. Default: every frame counts. */
  overloadVblanks?: number;
}

/** The result of {@link replayFrames}. */
export interface ReplayResult {
  /** What the algorithm handed out per frame, in refresh intervals. */
  updates: Float64Array;
  /** The game time each picture shows, ms since the first frame. */
  pictureMs: Float64Array;
  /** What the viewer saw. */
  metrics: ViewerMetrics;
}

/** One algorithm in a replay: fills `frame` with what it handed out, the picture and the time dropped so far. */
type Stepper = (deltaMs: number, nowMs: number, frame: ViewerFrame) => void;

function syncedStepper(refreshRate: number, options: Partial<SyncedSlicerOptions> | undefined): Stepper {
  const slicer = createSyncedSlicer({ refreshRate, ...options });
  let gameMs = 0;
  return (deltaMs, _nowMs, frame) => {
    let sum = 0;
    for (const slice of slicer.advance(deltaMs / 1000)) sum += slice;
    gameMs += sum * 1000;
    frame.updates = sum * refreshRate;
    frame.pictureMs = gameMs;
    frame.droppedMs = slicer.droppedSeconds * 1000;
  };
}

function smoothedStepper(refreshRate: number, options: Partial<DeltaSmootherOptions> | undefined): Stepper {
  const smoother = createDeltaSmoother({ refreshRate, ...options });
  let gameMs = 0;
  return (deltaMs, _nowMs, frame) => {
    const dt = smoother.smooth(deltaMs / 1000);
    gameMs += dt * 1000;
    frame.updates = dt * refreshRate;
    frame.pictureMs = gameMs;
    frame.droppedMs = 0;
  };
}

function fixedStepper(refreshRate: number, options: Partial<FixedStepOptions> | undefined): Stepper {
  const fixed = createFixedStep({ step: 1 / refreshRate, ...options });
  return (_deltaMs, nowMs, frame) => {
    const f = fixed.advance(nowMs);
    frame.updates = f.steps * fixed.step * refreshRate;
    frame.pictureMs = f.pictureTime * 1000;
    frame.droppedMs = f.totalDroppedSeconds * 1000;
  };
}

function variableStepper(intervalMs: number): Stepper {
  let gameMs = 0;
  return (deltaMs, _nowMs, frame) => {
    gameMs += deltaMs;
    frame.updates = deltaMs / intervalMs;
    frame.pictureMs = gameMs;
    frame.droppedMs = 0;
  };
}

function stepperFor(spec: ReplayAlgorithm | undefined, refreshRate: number): Stepper {
  switch (spec?.kind) {
    case 'synced':
      return syncedStepper(refreshRate, spec.options);
    case 'smoothed':
      return smoothedStepper(refreshRate, spec.options);
    case 'fixed':
      return fixedStepper(refreshRate, spec.options);
    case 'variable':
      return variableStepper(1000 / refreshRate);
    default:
      throw new RangeError(
        `${OWNER}: option \`algorithm.kind\` must be one of 'synced', 'smoothed', 'fixed', 'variable', got ${JSON.stringify((spec as { kind?: unknown } | undefined)?.kind)}`,
      );
  }
}

/**
 * Replay timestamps through a core algorithm, unchanged, and score the pictures with the viewer
 * model. Depth: docs/simulation.md#replaying-frame-streams.
 */
export function replayFrames(options: ReplayOptions): ReplayResult {
  const refreshRate = positiveNumber(OWNER, 'refreshRate', options?.refreshRate);
  const timestamps = options.timestampsMs;
  const truth = options.vblanks;
  const n = timestamps.length;
  const intervalMs = 1000 / refreshRate;
  const warmupFrames = options.warmupFrames ?? 0;
  const overloadVblanks = options.overloadVblanks ?? Infinity;
  const step = stepperFor(options.algorithm, refreshRate);
  const updates = new Float64Array(n);
  const pictureMs = new Float64Array(n);
  const meter = createViewerMeter({ refreshIntervalMs: intervalMs });
  const frame: ViewerFrame = { presentMs: 0, pictureMs: 0, droppedMs: 0, updates: 0, vblanks: Number.NaN };

  const firstMs = n > 0 ? timestamps[0]! : 0;
  let gridVblanks = 0;
  for (let i = 0; i < n; i += 1) {
    const nowMs = timestamps[i]!;
    const deltaMs = i === 0 ? 0 : nowMs - timestamps[i - 1]!;
    step(deltaMs, nowMs, frame);
    updates[i] = frame.updates;
    pictureMs[i] = frame.pictureMs;
    const elapsed = truth === undefined || i === 0 ? Number.NaN : truth[i]!;
    // Without the truth, the picture is shown on the vblank nearest the measured delta.
    if (i > 0) gridVblanks += Number.isNaN(elapsed) ? Math.max(1, Math.round(deltaMs / intervalMs)) : elapsed;
    frame.presentMs = (truth === undefined ? nowMs - firstMs : gridVblanks * intervalMs) + intervalMs;
    frame.vblanks = elapsed > overloadVblanks ? Number.NaN : elapsed;
    if (i >= warmupFrames) meter.add(frame);
  }
  return { updates, pictureMs, metrics: meter.result() };
}
