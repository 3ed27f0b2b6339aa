/** `react-timestep/simulation`: a virtual display that measures what a viewer would see. @packageDocumentation */
export { simulate } from './simulate.js';
export { createViewerMeter } from './viewer.js';
export type { ViewerMeter, ViewerMetrics } from './viewer.js';
export { createVsyncStream } from './vsyncStream.js';
export type { VsyncStream } from './vsyncStream.js';
export { replayFrames } from './replay.js';
export type { ReplayAlgorithm, ReplayResult } from './replay.js';
export { runMatrix, formatMatrix, DEFAULT_MATRIX_ALGORITHMS, DEFAULT_MATRIX_LOADS, DEFAULT_MATRIX_RATES } from './matrix.js';
export type { MatrixRow, MatrixAlgorithm, MatrixLoad } from './matrix.js';
export type { AlgorithmSpec, CostModel, DisplayOptions, SimulationMetrics, SimulationOptions, SimulationResult } from './types.js';
