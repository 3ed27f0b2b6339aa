/**
 * `react-timestep/worker`: a fixed step that runs in a Web Worker on its own clock, drawn on the page
 * with the latest state, an interpolation of the two latest, or the live one (Peter Sundqvist,
 * "Timestepping", the threads loop). Marked `'use client'` by the build. @packageDocumentation
 */
export { defineSimulation } from './definition.js';
export type { Simulation, SimulationContext, SimulationStep } from './definition.js';
export { serveSimulation } from './serve.js';
export type { WorkerEnvironment } from './serve.js';
export { createWorkerSimulation, WorkerSimulationError } from './host.js';
export type { WorkerLike, WorkerSource } from './host.js';
export { useWorkerSimulation } from './useWorkerSimulation.js';
export { createInProcessWorker } from './inProcess.js';
export type { InProcessWorkerOptions } from './inProcess.js';
export type { WorkerSimulation, WorkerSimulationOptions } from './types.js';
export type { ReadMode, WorkerInputOptions } from './options.js';
export type { WorkerStepInfo } from './reading.js';
