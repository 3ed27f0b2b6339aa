import { createDeltaSmoother } from '../core/deltaSmoother.js';
import { createFixedStep } from '../core/fixedStep.js';
import { createSyncedSlicer } from '../core/syncedSlicer.js';
import type { DeltaSmootherOptions, FixedStepOptions, SyncedSlicerOptions } from '../core/types.js';
import { positiveNumber } from '../core/validate.js';
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
  const spec = options.algorithm;
  const updates = new Float64Array(n);
  const pictureMs = new Float64Array(n);
  const meter = createViewerMeter({ refreshIntervalMs: intervalMs });
  const frame: ViewerFrame = { presentMs: 0, pictureMs: 0, droppedMs: 0, updates: 0, vblanks: Number.NaN };

  // Each algorithm as one function: (deltaMs, nowMs, out) → fills `frame` with updates, picture, dropped.
  let step: (deltaMs: number, nowMs: number) => void;
  let gameMs = 0;
  switch (spec?.kind) {
    case 'synced': {
      const slicer = createSyncedSlicer({ refreshRate, ...spec.options });
      step = (deltaMs) => {
        const slices = slicer.advance(deltaMs / 1000);
        let sum = 0;
        for (let i = 0; i < slices.length; i += 1) sum += slices[i]!;
        gameMs += sum * 1000;
        frame.updates = sum * refreshRate;
        frame.pictureMs = gameMs;
        frame.droppedMs = slicer.droppedSeconds * 1000;
      };
      break;
    }
    case 'smoothed': {
      const smoother = createDeltaSmoother({ refreshRate, ...spec.options });
      step = (deltaMs) => {
        const dt = smoother.smooth(deltaMs / 1000);
        gameMs += dt * 1000;
        frame.updates = dt * refreshRate;
        frame.pictureMs = gameMs;
        frame.droppedMs = 0;
      };
      break;
    }
    case 'fixed': {
      const fixed = createFixedStep({ step: 1 / refreshRate, ...spec.options });
      step = (_deltaMs, nowMs) => {
        const f = fixed.advance(nowMs);
        frame.updates = f.steps * fixed.step * refreshRate;
        frame.pictureMs = f.pictureTime * 1000;
        frame.droppedMs = f.totalDroppedSeconds * 1000;
      };
      break;
    }
    case 'variable': {
      step = (deltaMs) => {
        gameMs += deltaMs;
        frame.updates = deltaMs / intervalMs;
        frame.pictureMs = gameMs;
        frame.droppedMs = 0;
      };
      break;
    }
    default:
      throw new RangeError(
        `${OWNER}: option \`algorithm.kind\` must be one of 'synced', 'smoothed', 'fixed', 'variable', got ${JSON.stringify((spec as { kind?: unknown } | undefined)?.kind)}`,
      );
  }

  const firstMs = n > 0 ? timestamps[0]! : 0;
  let gridVblanks = 0;
  for (let i = 0; i < n; i += 1) {
    const nowMs = timestamps[i]!;
    step(i === 0 ? 0 : nowMs - timestamps[i - 1]!, nowMs);
    updates[i] = frame.updates;
    pictureMs[i] = frame.pictureMs;
    let elapsed = truth === undefined || i === 0 ? Number.NaN : truth[i]!;
    if (i > 0) gridVblanks += elapsed === elapsed ? elapsed : Math.max(1, Math.round((nowMs - timestamps[i - 1]!) / intervalMs));
    frame.presentMs = (truth === undefined ? nowMs - firstMs : gridVblanks * intervalMs) + intervalMs;
    if (elapsed > overloadVblanks) elapsed = Number.NaN;
    frame.vblanks = elapsed;
    if (i >= warmupFrames) meter.add(frame);
  }
  return { updates, pictureMs, metrics: meter.result() };
}
