/**
 * `react-timestep`: correct game frame timing for React over ONE shared requestAnimationFrame loop.
 *
 * - Hooks: {@link useFrame}, {@link useFixedTimestep}, {@link useInterpolated}, {@link useStepInput},
 *   {@link useSmoothedDelta}, {@link useSyncedUpdate}, {@link useAdaptiveFramerate},
 *   {@link useRefreshRate}, {@link useFrameStats}, {@link useFrameScheduler}. They work without a provider.
 * - {@link FrameProvider}: configure or isolate a frame loop for a subtree.
 * - {@link FixedClockProvider}: one fixed-step clock for a whole game; components add work to it
 *   with {@link useFixedUpdate} / {@link useFixedRender} and control it with {@link useFixedClock}.
 * - {@link GameCanvas}: a canvas running a fixed timestep with interpolated rendering.
 * - The scheduler itself: {@link createFrameScheduler}, {@link getDefaultScheduler}, {@link createFixedClock}.
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
export type { FrameProviderProps } from './react/index.js';
export { GameCanvas } from './canvas/index.js';
export type { GameCanvasProps, GameCanvasSize } from './canvas/index.js';

// The scheduler: the one frame loop, and a fixed-step clock on it
export { createFrameScheduler, getDefaultScheduler, createFixedClock } from './scheduler/index.js';
export type { FrameInfo, FramePhase, FrameScheduler, FrameSource } from './scheduler/index.js';
export type { FixedClock, FixedClockOptions, FixedClockStats, FixedClockStep } from './scheduler/index.js';

// What the hooks return (the factories are in `react-timestep/core`)
export type { Interpolated, InterpolatedScalar, InterpolatedVector } from './core/interpolated.js';
export type { InputQueue, StepInput } from './core/inputQueue.js';
export type { FrameStatsSnapshot, RefreshRateEstimate } from './core/types.js';
