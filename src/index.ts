/**
 * `react-timestep`: correct game frame timing for React over ONE shared requestAnimationFrame loop.
 *
 * - Hooks: {@link useFrame}, {@link useFixedTimestep}, {@link useInterpolated}, {@link useStepInput}, {@link useSmoothedDelta},
 *   {@link useSyncedUpdate}, {@link useAdaptiveFramerate}, {@link useRefreshRate},
 *   {@link useFrameStats}, {@link useFrameScheduler}. They work without a provider.
 * - {@link FrameProvider}: configure or isolate a frame loop for a subtree.
 * - {@link FixedClockProvider}: one fixed-step clock for a whole game; components add work to it
 *   with {@link useFixedUpdate} / {@link useFixedRender} and control it with {@link useFixedClock}.
 * - {@link GameCanvas}: a canvas running a fixed timestep with interpolated rendering.
 * - The scheduler itself ({@link createFrameScheduler}, frame sources) and the core types.
 *
 * The timing algorithms live in `react-timestep/core`, the simulated display in
 * `react-timestep/simulation`, test helpers in `react-timestep/testing`.
 * The build marks this entry `'use client'` for React Server Component frameworks.
 * @packageDocumentation
 */

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
export type {
  FrameProviderProps,
  UseFrameOptions,
  UseFixedTimestepOptions,
  UseSmoothedDeltaOptions,
  UseSyncedUpdateOptions,
  AdaptiveFramerateSnapshot,
  RefreshRateSnapshot,
  UseRefreshRateOptions,
  UseFrameStatsOptions,
  UseInterpolatedClockOption,
  UseInterpolatedOptions,
  UseStepInputOptions,
} from './react/index.js';
// What useInterpolated and useStepInput return (the factories are in `react-timestep/core`)
export type {
  Interpolated,
  InterpolatedKind,
  InterpolatedOptions,
  InterpolatedScalar,
  InterpolatedScalarOptions,
  InterpolatedVector,
  InterpolatedVectorOptions,
  QuaternionBlend,
  VectorSource,
  VectorTarget,
  XYZWLike,
} from './core/interpolated.js';
export type { InputEventInit, InputEventKind, InputQueue, InputQueueOptions, InputRecord, StepInput } from './core/inputQueue.js';
export type { InputState } from './core/inputState.js';

// <GameCanvas>
export { GameCanvas } from './canvas/index.js';
export type { GameCanvasContextMap, GameCanvasContextType, GameCanvasProps, GameCanvasSize } from './canvas/index.js';

// The scheduler: the one frame loop and where its frames come from
export { createFrameScheduler, getDefaultScheduler, createBrowserFrameSource, createManualSource } from './scheduler/index.js';
// The same loop without refresh detection and the adaptive rate, and the installers that add them
export { createFrameLoop, installRefreshDetection, installAdaptiveFramerate } from './scheduler/index.js';
export { installFrameRateCap, frameRateCapDivisor, installNamedOrdering } from './scheduler/index.js';
export { createFixedClock } from './scheduler/index.js';
export type {
  FixedClock,
  FixedClockOptions,
  FixedClockStats,
  FixedClockStep,
  FixedJobOptions,
  FixedRender,
  FixedUpdate,
} from './scheduler/index.js';
export type * from './scheduler/types.js';
export type { ManualSource } from './scheduler/index.js';

// Core types (the algorithms themselves are in `react-timestep/core`)
export type * from './core/types.js';
