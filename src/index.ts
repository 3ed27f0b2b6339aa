/** `react-timestep`: game frame timing for React over one shared rAF loop (marked `'use client'` by the build). @packageDocumentation */

// React bindings
export {
  FrameProvider,
  useFrameScheduler,
  useFrame,
  useFixedTimestep,
  FixedClockProvider,
  useFixedClock,
  useFixedUpdate,
  useFixedRender,
  useSmoothedDelta,
  useSyncedUpdate,
  useAdaptiveFramerate,
  useRefreshRate,
  useFrameStats,
  useInterpolated,
  useStepInput,
} from './react/index.js';
export type { FrameProviderProps } from './react/index.js';
export { GameCanvas } from './canvas/index.js';
export type { GameCanvasDraw, GameCanvasProps, GameCanvasSize } from './canvas/index.js';

// The scheduler: the one frame loop, and a fixed-step clock on it
export { createFrameScheduler, getDefaultScheduler, createFixedClock } from './scheduler/index.js';
export type { FrameInfo, FramePhase, FrameScheduler, FrameSource } from './scheduler/index.js';
export type { FixedClock, FixedClockOptions, FixedClockStats, FixedClockStep } from './scheduler/index.js';

// What the hooks return (the factories are in `react-timestep/core`)
export type { Interpolated, InterpolatedScalar, InterpolatedVector } from './core/interpolated.js';
export type { InputQueue, StepInput } from './core/inputQueue.js';
export type { FrameStatsSnapshot, RefreshRateEstimate } from './core/types.js';
