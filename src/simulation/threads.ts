// The threads loop of Sundqvist, "Timestepping": one thread updates on its grid, the display's draws read it.
import { checkValue, choice, positive } from '../core/internal.js';
import type { CostFunction } from './cost.js';
import type { Driver, FrameWork } from './drivers.js';
import type { ThreadsAlgorithm, ThreadsRead } from './types.js';

const OWNER = 'simulate';
const READS: readonly ThreadsRead[] = ['latest', 'interpolated', 'live'];
const DEFAULT_STEP = 1 / 60;

/**
 * The updating thread: update n (n ≥ 1, making the state of game time n × step) starts at its grid
 * time `origin + n × stepMs` (the listing's `wait(start + num*dt)`), or the moment update n − 1
 * ends when that is later (a busy thread runs the next update at once), and costs the update cost.
 * As the simulator's fixed step, a step runs once its span has passed, so no state is ahead of real time.
 */
export class UpdateThread {
  /** Updates completed: the latest complete state holds game time `completed × step`. */
  completed = 0;
  /** When the latest completed update started and ended, ms on the loop's clock. */
  startedMs = 0;
  endedMs = 0;
  /** Longest a completed update started after its grid time, ms. */
  lateMaxMs = 0;
  private originMs = 0;
  /** The next update (`completed + 1`): when it starts and ends. */
  private nextStartMs = 0;
  private nextEndMs = 0;

  constructor(
    readonly stepMs: number,
    private readonly updateCost: CostFunction,
  ) {}

  /** Game time zero is `originMs`; update 1 waits for `originMs + stepMs`. */
  start(originMs: number): void {
    this.originMs = originMs;
    this.completed = 0;
    this.startedMs = originMs;
    this.endedMs = originMs;
    this.lateMaxMs = 0;
    this.schedule(originMs);
  }

  /** Grid time of update `n`, ms: the end of its step's span. */
  gridMs(n: number): number {
    return this.originMs + n * this.stepMs;
  }

  /** Complete every update that ends at or before `atMs`. */
  runUntil(atMs: number): void {
    while (this.nextEndMs <= atMs) this.completeNext();
  }

  /** Complete the next update, whenever it ends. */
  completeNext(): void {
    this.completed += 1;
    this.startedMs = this.nextStartMs;
    this.endedMs = this.nextEndMs;
    const lateMs = this.startedMs - this.gridMs(this.completed);
    if (lateMs > this.lateMaxMs) this.lateMaxMs = lateMs;
    this.schedule(this.nextEndMs);
  }

  /** An update is running at `atMs`: started, not yet ended. */
  runningAt(atMs: number): boolean {
    return this.nextStartMs <= atMs && atMs < this.nextEndMs;
  }

  /** The update after the latest completed one: at its grid time, or at `freeMs` when the thread is busy until then. */
  private schedule(freeMs: number): void {
    const gridMs = this.gridMs(this.completed + 1);
    const startMs = freeMs > gridMs ? freeMs : gridMs;
    this.nextStartMs = startMs;
    this.nextEndMs = startMs + this.updateCost(startMs);
  }
}

/** The display's thread: at each frame, read the updating thread's states without waiting for it. */
class ThreadsDriver implements Driver {
  readonly stepMs: number;
  private readonly step: number;
  /** Updates completed at the previous frame's read. */
  private seen = 0;

  constructor(
    private readonly thread: UpdateThread,
    private readonly read: ThreadsRead,
  ) {
    this.stepMs = thread.stepMs;
    this.step = thread.stepMs / 1000;
  }

  get updateLateMaxMs(): number {
    return this.thread.lateMaxMs;
  }

  holdVblanks(): number {
    return 1;
  }

  finished(_workMs: number): void {}

  start(timeZeroMs: number): void {
    this.thread.start(timeZeroMs);
    this.seen = 0;
  }

  run(startMs: number, out: FrameWork): void {
    const thread = this.thread;
    thread.runUntil(startMs);
    const n = thread.completed;
    out.sampleMs = startMs;
    // The draw runs on this thread; the updates ran on the other one.
    out.endMs = startMs;
    out.steps = n - this.seen;
    out.dtSeconds = (n - this.seen) * this.step;
    out.droppedSeconds = 0;
    out.torn = this.read === 'live' && thread.runningAt(startMs);
    out.pictureSeconds = this.pictureSteps(n, startMs, out.torn) * this.step;
    this.seen = n;
  }

  /** Game time on the picture in steps, with `n` updates complete at `readMs`. */
  private pictureSteps(n: number, readMs: number, torn: boolean): number {
    if (torn) return n + 1; // the newest data on it: the state being written
    if (this.read !== 'interpolated' || n === 0) return n;
    // As react-timestep/worker: alpha = how far the read is past the latest step's span, held at 1.
    const alpha = (readMs - this.thread.gridMs(n)) / this.stepMs;
    return n - 1 + (alpha < 0 ? 0 : alpha < 1 ? alpha : 1);
  }
}

/** The threads loop's driver; its options are checked here (no core factory runs it). */
export function threadsDriver(spec: ThreadsAlgorithm, updateCost: CostFunction): Driver {
  const step = checkValue(OWNER, 'option', 'algorithm.step', spec.step, positive(DEFAULT_STEP));
  const read = checkValue(OWNER, 'option', 'algorithm.read', spec.read, choice(READS, 'interpolated'));
  return new ThreadsDriver(new UpdateThread(step * 1000, updateCost), read);
}
