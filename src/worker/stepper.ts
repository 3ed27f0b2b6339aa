/**
 * The simulation's thread (Peter Sundqvist, "Timestepping": the update thread of the threads loop):
 * the core's fixed clock counts whole steps on the grid `start + num × step`; each wake runs the
 * steps due, hands each one the input of its span, and publishes the state after each. Who wakes it
 * (a worker's timer, a test, a replay) is not its business: `wake(nowMs)` and `nextWakeMs()`.
 * @internal
 */
import { advanceAt, createInputQueue, DEFAULT_BOUNDARY_TOLERANCE, FixedStepClock, type FixedStepOverload, type InputEventInit, type QueueOfSteps } from '../core/internal.js';
import type { Simulation, SimulationContext } from './definition.js';
import { emptyHeader, type ClockOptions, type SlotHeader } from './protocol.js';

/** Where the states go: shared slots or messages (sharedSlots.ts, messageSlots.ts). */
export interface StateWriter {
  /** The array `init` writes. */
  initial(): Float64Array;
  /** The array a step's update writes, holding the latest state. */
  begin(): Float64Array;
  /** Publish what `begin` handed out. */
  publish(header: SlotHeader): void;
  /** Publish the latest state again under a new header. */
  republish(header: SlotHeader): void;
  /** Forget what the update wrote since `begin` (it threw). */
  abort(): void;
}

export class SimulationStepper {
  readonly clock: FixedStepClock;
  private readonly queue: QueueOfSteps;
  /** The header last published (a pause, a resume or a new time scale republish it changed). */
  private readonly header: SlotHeader = emptyHeader();
  private readonly time = { timestampMs: 0 };
  /** The index of the next step to run. */
  private nextIndex = 0;
  /** The state as of the last step (what `onMessage` sees). */
  private latest: Float64Array;

  constructor(
    private readonly simulation: Simulation,
    options: ClockOptions,
    private readonly writer: StateWriter,
    private readonly context: SimulationContext,
    private readonly onError: (error: unknown, stepIndex: number | null) => void,
  ) {
    const { step, maxSteps, overload, timeScale } = options;
    // 'none': steps counted down to whole steps, each run once its span has passed; the page computes alpha.
    this.clock = new FixedStepClock({ step, maxSteps, overload, timeScale, interpolation: 'none', boundaryTolerance: DEFAULT_BOUNDARY_TOLERANCE, refreshRate: NaN });
    this.queue = createInputQueue() as QueueOfSteps;
    this.latest = writer.initial();
    if (options.paused) this.clock.pause();
  }

  /** Time zero at `nowMs`: the state `init` writes is published as step −1. */
  start(nowMs: number): void {
    const state = this.writer.initial();
    try {
      this.simulation.init?.(state, this.context);
    } catch (error) {
      this.onError(error, null);
    }
    this.time.timestampMs = nowMs;
    advanceAt(this.clock, this.time);
    const h = this.header;
    h.stepStartMs = h.stepEndMs = h.ranAtMs = nowMs;
    this.fillClock(nowMs);
    this.writer.publish(h);
  }

  /** Run the steps due at `nowMs` (worker ms), each with its input, publishing after each. */
  wake(nowMs: number): void {
    this.time.timestampMs = nowMs;
    const frame = advanceAt(this.clock, this.time);
    const steps = frame.steps;
    const step = this.clock.currentStep;
    let ran = 0;
    let failed = false;
    for (; ran < steps; ran++) {
      this.clock.placeStep(ran);
      const input = this.queue.takeStepOf(step);
      const state = this.writer.begin();
      try {
        this.simulation.update(state, step, input, this.context);
      } catch (error) {
        this.writer.abort();
        this.onError(error, step.index);
        failed = true;
        break;
      }
      this.latest = state;
      this.nextIndex = step.index + 1;
      const h = this.header;
      h.stepIndex = step.index;
      h.stepStartMs = step.stepStartTimestampMs;
      h.stepEndMs = step.stepEndTimestampMs;
      h.ranAtMs = nowMs;
      h.totalSteps = frame.totalSteps - steps + ran + 1;
      this.fillClock(nowMs);
      this.writer.publish(h);
    }
    if (ran < steps) this.clock.finishSteps(ran);
    // The update threw: pause, so the page decides what happens next (the failed step's writes are gone).
    if (failed) {
      this.clock.pause(nowMs);
      this.republish(nowMs);
    }
  }

  /** Worker ms at which the next step's span ends (NaN while paused: nothing to wait for). */
  nextWakeMs(): number {
    if (this.clock.paused) return NaN;
    return this.clock.stepEndTimestampMs(this.nextIndex);
  }

  pause(nowMs: number): void {
    if (this.clock.paused) return;
    this.wake(nowMs);
    this.clock.pause(nowMs);
    this.republish(nowMs);
  }

  resume(nowMs: number): void {
    if (!this.clock.paused) return;
    // The paused time is no game time: the latest state's span moves past it, so alpha goes on from
    // where it stood (a step run while paused stood at its own end).
    const h = this.header;
    const shiftMs = nowMs - Math.max(h.pausedAtMs, h.stepEndMs);
    if (shiftMs > 0) {
      h.stepStartMs += shiftMs;
      h.stepEndMs += shiftMs;
    }
    this.clock.resume(nowMs);
    // A frame now anchors the step times after the gap (nothing is due yet).
    this.wake(nowMs);
    this.republish(nowMs);
  }

  /** While paused: run exactly one step now. */
  stepOnce(nowMs: number): void {
    if (!this.clock.paused) return;
    this.clock.stepOnce();
    this.wake(nowMs);
  }

  setTimeScale(timeScale: number, nowMs: number): void {
    this.wake(nowMs);
    this.clock.setTimeScale(timeScale, nowMs);
    this.republish(nowMs);
  }

  setGrid(step: number, maxSteps: number, overload: FixedStepOverload, nowMs: number): void {
    this.wake(nowMs);
    this.clock.setGrid(step, maxSteps, overload);
  }

  input(event: InputEventInit): void {
    this.queue.push(event);
  }

  message(data: unknown): void {
    try {
      this.simulation.onMessage?.(data, this.latest, this.context);
    } catch (error) {
      this.onError(error, null);
    }
  }

  private republish(nowMs: number): void {
    this.fillClock(nowMs);
    this.writer.republish(this.header);
  }

  private fillClock(nowMs: number): void {
    const h = this.header;
    const frame = this.clock.frame;
    const paused = this.clock.paused;
    h.totalDroppedSeconds = frame.totalDroppedSeconds;
    h.elapsedGameSeconds = frame.elapsedGameSeconds;
    h.timeScale = this.clock.timeScale;
    if (paused && h.paused === 0) h.pausedAtMs = nowMs;
    if (!paused) h.pausedAtMs = NaN;
    h.paused = paused ? 1 : 0;
  }
}
