import { createSeededRandom } from '../core/index.js';
import { checkValue, choice, finite, nonNegative, positive, required, wholeAtLeast } from '../core/internal.js';
import type { CostFunction } from './cost.js';
import { compileCost } from './cost.js';
import type { Driver, FrameWork } from './drivers.js';
import { createDriver } from './drivers.js';
import type { FrameValues } from './frameRecords.js';
import { FrameRecords } from './frameRecords.js';
import { MetricsAccumulator } from './metrics.js';
import type { AlgorithmSpec, ClockSampling, CostOptions, SimulationOptions, SimulationResult, TimeZero } from './types.js';
import type { DisplaySettings } from './virtualDisplay.js';
import { VirtualDisplay } from './virtualDisplay.js';

const OWNER = 'simulate';
const CLOCKS: readonly ClockSampling[] = ['after-updates', 'frame-start'];
const TIME_ZEROS: readonly TimeZero[] = ['first-frame', 'vblank'];
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

/** simulate()'s options, checked and with their defaults. */
interface Settings {
  display: DisplaySettings;
  durationMs: number;
  seed: number;
  record: boolean;
  clock: ClockSampling;
  warmupMs: number;
  timeZero: TimeZero;
  cost: CostOptions;
  algorithm: AlgorithmSpec;
}

function readDisplay(display: Record<string, unknown>): DisplaySettings {
  return {
    refreshRate: checkValue(OWNER, 'option', 'display.refreshRate', display.refreshRate, required(positive())),
    vsync: booleanOption('display.vsync', display.vsync, true),
    queueDepth: checkValue(OWNER, 'option', 'display.queueDepth', display.queueDepth, wholeAtLeast(1, 1)),
    jitterMs: checkValue(OWNER, 'option', 'display.jitterMs', display.jitterMs, nonNegative(0)),
    callbackDelayMs: checkValue(OWNER, 'option', 'display.callbackDelayMs', display.callbackDelayMs, nonNegative(DEFAULT_CALLBACK_DELAY_MS)),
    unsyncedMaxRate: checkValue(OWNER, 'option', 'display.unsyncedMaxRate', display.unsyncedMaxRate, positive(DEFAULT_UNSYNCED_MAX_RATE)),
    phaseMs: checkValue(OWNER, 'option', 'display.phaseMs', display.phaseMs, nonNegative(0)),
    quantizationMs: checkValue(OWNER, 'option', 'display.quantizationMs', display.quantizationMs, nonNegative(0)),
    minRefreshRate: minRefreshRate(display),
  };
}

/** A variable-refresh panel's bottom rate: a number > 0 up to `refreshRate` (its top), NaN when not given. */
function minRefreshRate(display: Record<string, unknown>): number {
  if (display.minRefreshRate === undefined) return Number.NaN;
  const rate = checkValue(OWNER, 'option', 'display.minRefreshRate', display.minRefreshRate, required(positive()));
  if (rate > (display.refreshRate as number)) throw new RangeError(`${OWNER}: option \`display.minRefreshRate\` must be at most \`display.refreshRate\` (${String(display.refreshRate)}), got ${rate}`);
  return rate;
}

function readSettings(options: SimulationOptions): Settings {
  const opts = objectOption('options', options, true);
  const display = objectOption('display', opts.display, true);
  return {
    cost: objectOption('cost', opts.cost, false) as CostOptions,
    display: readDisplay(display),
    durationMs: checkValue(OWNER, 'option', 'durationSeconds', opts.durationSeconds, required(positive())) * 1000,
    seed: checkValue(OWNER, 'option', 'seed', opts.seed, finite(1)),
    record: booleanOption('record', opts.record, true),
    clock: checkValue(OWNER, 'option', 'clock', opts.clock, choice(CLOCKS, 'after-updates')),
    warmupMs: checkValue(OWNER, 'option', 'warmupSeconds', opts.warmupSeconds, nonNegative(0)) * 1000,
    timeZero: checkValue(OWNER, 'option', 'timeZero', opts.timeZero, choice(TIME_ZEROS, 'first-frame')),
    algorithm: opts.algorithm as AlgorithmSpec,
  };
}

/** One run: the display, the algorithm's driver, the draw's cost and where each frame is recorded. */
interface Run {
  settings: Settings;
  display: VirtualDisplay;
  driver: Driver;
  drawCost: CostFunction;
  records: FrameRecords | undefined;
  metrics: MetricsAccumulator;
}

/**
 * Run one algorithm on a virtual display and measure what a viewer would see (lag, judder,
 * repeated pictures, speed); the same options and `seed` give the same run. No real time passes.
 * The timing model: docs/simulation.md#the-timing-model.
 */
export function simulate(options: SimulationOptions): SimulationResult {
  const settings = readSettings(options);
  const seed = settings.seed;
  // Independent streams: an algorithm making more update calls does not shift the display's jitter.
  const display = new VirtualDisplay(settings.display, createSeededRandom(seed));
  const updateCost = compileCost(settings.cost.update, createSeededRandom(seed + 0x3c6ef372), 'cost.update');
  const drawCost = compileCost(settings.cost.draw, createSeededRandom(seed + 0x78dde6e4), 'cost.draw');
  const driver = createDriver(settings.algorithm, settings.display.refreshRate, settings.clock, updateCost);
  const maxFrames = display.maxFrames(settings.durationMs);
  // With vsync at most one frame per vblank can start, so the estimate is an upper bound.
  const records = settings.record
    ? new FrameRecords(settings.display.vsync ? maxFrames : Math.min(maxFrames, MAX_INITIAL_RECORDS))
    : undefined;
  const metrics = new MetricsAccumulator(settings.warmupMs, driver.stepMs, display.intervalMs);
  runFrames({ settings, display, driver, drawCost, records, metrics });
  return { frames: (records ?? new FrameRecords(0)).toFrames(), metrics: metrics.result(driver.updateLateMaxMs) };
}

/** Game time zero is the clock reading `clockMs`: start the algorithm there. Returns it in simulation time. */
function startGameTime(run: Run, clockMs: number): number {
  run.driver.start(clockMs);
  const originMs = clockMs - run.settings.display.phaseMs;
  run.metrics.setOrigin(originMs);
  return originMs;
}

/** Frames until the next one would start after the run's duration. */
function runFrames(run: Run): void {
  const { settings, display, driver } = run;
  const work: FrameWork = { sampleMs: 0, endMs: 0, steps: 0, dtSeconds: 0, pictureSeconds: 0, droppedSeconds: 0, torn: false };
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
  // Game time zero in simulation time (the clock reading it started from, less the phase).
  let originMs = settings.timeZero === 'vblank' ? startGameTime(run, display.read(0)) : 0;
  for (let i = 0; ; i += 1) {
    const startMs = display.nextStartMs();
    if (startMs > settings.durationMs) break;
    const clockMs = display.read(startMs);
    if (i === 0 && settings.timeZero === 'first-frame') originMs = startGameTime(run, clockMs);
    work.torn = false; // only the threads loop's 'live' read tears
    driver.run(clockMs, work);
    // The driver works on its clock's readings; back to simulation time.
    const workEndMs = startMs + (work.endMs - clockMs);
    const finishMs = workEndMs + run.drawCost(workEndMs);
    const shown = display.show(startMs, finishMs, driver.holdVblanks());
    driver.finished(finishMs - startMs);

    values.startMs = startMs;
    values.sampleMs = startMs + (work.sampleMs - clockMs);
    values.finishMs = finishMs;
    values.presentMs = shown.presentMs;
    values.pictureSeconds = work.pictureSeconds;
    values.dtSeconds = work.dtSeconds;
    values.steps = work.steps;
    values.lagMs = shown.presentMs - originMs - work.pictureSeconds * 1000;
    values.vblanks = shown.vblanks;
    run.records?.push(values);
    run.metrics.add(values, work.droppedSeconds, work.torn);
  }
}
