import { createSeededRandom } from '../core/random.js';
import { finiteNumber, integerAtLeast, nonNegativeNumber, oneOf, positiveNumber, withDefault } from '../core/validate.js';
import { compileCost } from './cost.js';
import type { FrameWork } from './drivers.js';
import { createDriver } from './drivers.js';
import type { FrameValues } from './frameRecords.js';
import { FrameRecords } from './frameRecords.js';
import { MetricsAccumulator } from './metrics.js';
import type { ClockSampling, CostOptions, SimulationOptions, SimulationResult, TimeZero } from './types.js';

const OWNER = 'simulate';
const CLOCKS: readonly ClockSampling[] = ['after-updates', 'frame-start'];
const TIME_ZEROS: readonly TimeZero[] = ['first-frame', 'vblank'];
// In refresh intervals: float noise past a vblank, not lateness.
const VBLANK_SNAP = 1e-9;
const DEFAULT_CALLBACK_DELAY_MS = 0.25;
const DEFAULT_UNSYNCED_MAX_RATE = 1000;
// A free-running loop's frame count is unknown: its records start at most this big and grow.
const MAX_INITIAL_RECORDS = 1 << 16;

function objectOption(name: string, value: unknown, required: boolean): Record<string, unknown> {
  if (value === undefined && !required) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RangeError(`${OWNER}: option \`${name}\` must be an object, got ${value === null ? 'null' : typeof value}`);
  }
  return value as Record<string, unknown>;
}

function booleanOption(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new RangeError(`${OWNER}: option \`${name}\` must be a boolean, got ${typeof value}`);
  return value;
}

/**
 * Run one algorithm on a virtual display and measure what a viewer would see (lag, judder,
 * repeated pictures, speed); the same options and `seed` give the same run. No real time passes.
 * The timing model: docs/simulation.md#the-timing-model.
 */
export function simulate(options: SimulationOptions): SimulationResult {
  const opts = objectOption('options', options, true);
  const display = objectOption('display', opts.display, true);
  const cost = objectOption('cost', opts.cost, false) as CostOptions;
  const refreshRate = positiveNumber(OWNER, 'display.refreshRate', display.refreshRate);
  const vsync = booleanOption('display.vsync', display.vsync, true);
  const queueDepth = integerAtLeast(OWNER, 'display.queueDepth', withDefault(display.queueDepth, 1), 1);
  const jitterMs = nonNegativeNumber(OWNER, 'display.jitterMs', withDefault(display.jitterMs, 0));
  const callbackDelayMs = nonNegativeNumber(
    OWNER,
    'display.callbackDelayMs',
    withDefault(display.callbackDelayMs, DEFAULT_CALLBACK_DELAY_MS),
  );
  const unsyncedMaxRate = positiveNumber(
    OWNER,
    'display.unsyncedMaxRate',
    withDefault(display.unsyncedMaxRate, DEFAULT_UNSYNCED_MAX_RATE),
  );
  const durationMs = positiveNumber(OWNER, 'durationSeconds', opts.durationSeconds) * 1000;
  const seed = finiteNumber(OWNER, 'seed', withDefault(opts.seed, 1));
  const record = booleanOption('record', opts.record, true);
  const clock = oneOf(OWNER, 'clock', withDefault(opts.clock, 'after-updates'), CLOCKS);
  const warmupMs = nonNegativeNumber(OWNER, 'warmupSeconds', withDefault(opts.warmupSeconds, 0)) * 1000;
  const phaseMs = nonNegativeNumber(OWNER, 'display.phaseMs', withDefault(display.phaseMs, 0));
  const quantizationMs = nonNegativeNumber(OWNER, 'display.quantizationMs', withDefault(display.quantizationMs, 0));
  const timeZero = oneOf(OWNER, 'timeZero', withDefault(opts.timeZero, 'first-frame'), TIME_ZEROS);
  const read = (simMs: number): number => {
    const t = simMs + phaseMs;
    return quantizationMs > 0 ? Math.floor(t / quantizationMs) * quantizationMs : t;
  };

  // Independent streams: an algorithm making more update calls does not shift the display's jitter.
  const jitterRandom = createSeededRandom(seed);
  const updateCost = compileCost(cost.update, createSeededRandom(seed + 0x3c6ef372), 'cost.update');
  const drawCost = compileCost(cost.draw, createSeededRandom(seed + 0x78dde6e4), 'cost.draw');
  const driver = createDriver(opts.algorithm as SimulationOptions['algorithm'], refreshRate, clock, updateCost);

  const intervalMs = 1000 / refreshRate;
  const minFrameMs = 1000 / unsyncedMaxRate;
  const expectedFrames = vsync ? durationMs / intervalMs + queueDepth + 3 : durationMs / minFrameMs + 3;
  // With vsync at most one frame per vblank can start, so the estimate is an upper bound.
  const records = record
    ? new FrameRecords(vsync ? expectedFrames : Math.min(expectedFrames, MAX_INITIAL_RECORDS))
    : undefined;
  const metrics = new MetricsAccumulator(warmupMs, driver.stepMs, intervalMs);

  // Presents of the last `queueDepth` frames: frame i may start once frame i − queueDepth is shown.
  const presents = new Float64Array(queueDepth);
  const work: FrameWork = { sampleMs: 0, endMs: 0, steps: 0, dtSeconds: 0, pictureSeconds: 0, droppedSeconds: 0 };
  const values: FrameValues = {
    startMs: 0,
    sampleMs: 0,
    finishMs: 0,
    presentMs: 0,
    pictureSeconds: 0,
    dtSeconds: 0,
    steps: 0,
    lagMs: 0,
    vblanks: 0,
  };
  let previousStart = 0;
  let previousFinish = 0;
  // Game time zero in simulation time (the clock reading it started from, less the phase).
  let originMs = 0;
  if (timeZero === 'vblank') {
    driver.start(read(0));
    originMs = read(0) - phaseMs;
    metrics.setOrigin(originMs);
  }
  // Vblank 0 is the moment the simulation starts: the first picture can appear at vblank 1.
  let previousVblank = 0;

  for (let i = 0; ; i += 1) {
    let ready = 0;
    if (i > 0) {
      if (vsync) {
        const freed = i >= queueDepth ? (presents[i % queueDepth] as number) : 0;
        ready = previousFinish > freed ? previousFinish : freed;
      } else {
        const capped = previousStart + minFrameMs;
        ready = previousFinish > capped ? previousFinish : capped;
      }
    }
    const startMs = ready + callbackDelayMs + (jitterMs > 0 ? jitterRandom.next() * jitterMs : 0);
    if (startMs > durationMs) break;

    const clockMs = read(startMs);
    if (i === 0 && timeZero === 'first-frame') {
      driver.start(clockMs);
      originMs = clockMs - phaseMs;
      metrics.setOrigin(originMs);
    }
    driver.run(clockMs, work);
    // The driver works on its clock's readings; back to simulation time.
    const workEndMs = startMs + (work.endMs - clockMs);
    const finishMs = workEndMs + drawCost(workEndMs);
    let vblank = Math.ceil(finishMs / intervalMs - VBLANK_SNAP);
    let presentMs = finishMs;
    if (vsync) {
      const earliest = previousVblank + driver.holdVblanks();
      if (vblank < earliest) vblank = earliest;
      presentMs = vblank * intervalMs;
    }
    driver.finished(finishMs - startMs);

    values.startMs = startMs;
    values.sampleMs = startMs + (work.sampleMs - clockMs);
    values.finishMs = finishMs;
    values.presentMs = presentMs;
    values.pictureSeconds = work.pictureSeconds;
    values.dtSeconds = work.dtSeconds;
    values.steps = work.steps;
    values.lagMs = presentMs - originMs - work.pictureSeconds * 1000;
    values.vblanks = vblank > previousVblank ? vblank - previousVblank : 0;
    records?.push(values);
    metrics.add(values, work.droppedSeconds);

    presents[i % queueDepth] = presentMs;
    previousStart = startMs;
    previousFinish = finishMs;
    if (vblank > previousVblank) previousVblank = vblank;
  }

  return { frames: (records ?? new FrameRecords(0)).toFrames(), metrics: metrics.result() };
}
