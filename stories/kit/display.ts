import { useState } from 'react';
import { createSeededRandom } from '../../src/core/index.js';
import type { SeededRandom } from '../../src/core/index.js';
import { useFrame } from '../../src/index.js';
import type { FrameSource } from '../../src/index.js';

/** Options of {@link LiveVsync}. */
export interface LiveVsyncOptions {
  /** The simulated display's refresh rate, Hz. */
  refreshRate: number;
  /** Timer resolution, ms: each timestamp is rounded down to a multiple of it (0: exact). */
  quantizationMs: number;
  /** Each timestamp moves by a uniform random amount in ± this many ms. */
  jitterMs: number;
  /** Chance that a frame misses its vblank (each extra vblank drawn again). Default 0. */
  dropChance?: number;
  /** Seed of the phase, jitter and drop draws. */
  seed: number;
}

/**
 * A simulated vsynced display, one frame per call, paced by the real animation frames: the same
 * model as `createVsyncStream` (react-timestep/simulation): each timestamp is its vblank plus a
 * constant random phase the loop never knows, plus ± jitter, rounded down to the timer's
 * resolution. So a story shows the same on a 144 Hz laptop, a phone and a loaded machine running
 * at 15 fps: it only runs slower there. A frame can be told to miss vblanks (a stall, simulated work
 * that ran past its vblank) and to arrive late (a heartbeat).
 *
 * Each frame carries its ground truth, which the viewer model scores against: the vblanks that
 * really elapsed and the exact vblank time.
 */
export class LiveVsync {
  /** The display's refresh interval, ms. */
  readonly intervalMs: number;
  /** The constant offset of every timestamp from its vblank, ms (drawn once). */
  readonly phaseMs: number;
  /** The timestamp the loop sees this frame, ms. */
  timestampMs = Number.NaN;
  /** The exact vblank this frame belongs to, ms (no phase, jitter or quantisation). */
  vblankMs = 0;
  /** Vblanks that really elapsed since the previous frame (0 on the first frame). */
  vblanks = 0;
  /** Frames generated. */
  frames = 0;
  private readonly random: SeededRandom;
  private readonly load: SeededRandom;
  private vblank = 0;

  /** The options; `quantizationMs`, `jitterMs` and `dropChance` may be changed while it runs. */
  constructor(readonly options: LiveVsyncOptions) {
    this.intervalMs = 1000 / options.refreshRate;
    this.random = createSeededRandom(options.seed);
    this.load = createSeededRandom(options.seed + 1);
    this.phaseMs = this.random.next() * this.intervalMs;
  }

  /**
   * Generate the next frame. `extraVblanks` vblanks are missed on top of the random drops (a
   * stall); `lateMs` delays this one timestamp (a heartbeat), before quantisation.
   */
  next(extraVblanks = 0, lateMs = 0): void {
    const { jitterMs, quantizationMs } = this.options;
    const dropChance = this.options.dropChance ?? 0;
    if (this.frames > 0) {
      let elapsed = 1 + extraVblanks;
      while (dropChance > 0 && this.random.next() < dropChance) elapsed += 1;
      this.vblank += elapsed;
      this.vblanks = elapsed;
    }
    this.vblankMs = this.vblank * this.intervalMs;
    let t = this.vblankMs + this.phaseMs + lateMs + (jitterMs > 0 ? (this.random.next() * 2 - 1) * jitterMs : 0);
    if (quantizationMs > 0) t = Math.floor(t / quantizationMs) * quantizationMs;
    // A browser's timestamps never go backwards.
    if (this.frames > 0 && t < this.timestampMs) t = this.timestampMs;
    this.timestampMs = t;
    this.frames += 1;
  }

  /** Extra vblanks that `workMs` of work in one frame costs the next frame (0 while it fits one interval). */
  vblanksHeldBy(workMs: number): number {
    return Math.max(0, Math.ceil(workMs / this.intervalMs - 1e-9) - 1);
  }

  /** A uniform draw in [0, 1) from the display's own seeded load stream (repeatable load). */
  draw(): number {
    return this.load.next();
  }
}

/**
 * A {@link FrameSource} for `<FrameProvider source>`: the real hooks on a {@link LiveVsync}, one
 * simulated vblank per real animation frame. On top: `stall(ms)` makes the next frame arrive that
 * much later (a hitch), and `spend(ms)` reports simulated work: the source's clock (`now()`, which
 * the scheduler reads to time each frame's work) moves on by it, and work past the vblank makes
 * the next frame wait for the vblank after it, as vsync would.
 */
export interface SimulatedDisplay extends FrameSource {
  readonly vsync: LiveVsync;
  /** The live options (mutate `jitterMs`, `quantizationMs` freely). */
  readonly options: LiveVsyncOptions;
  /** Make the next frame arrive `ms` later (rounded up to whole vblanks). */
  stall(ms: number): void;
  /** Simulated work done in this frame, ms (adds up within a frame). */
  spend(ms: number): void;
  /** While true the display is stopped: no frames, its clock stands still (the story is paused). */
  frozen: boolean;
}

/** Create a {@link SimulatedDisplay}. Pure bookkeeping per frame: nothing is allocated. */
export function createSimulatedDisplay(options: LiveVsyncOptions): SimulatedDisplay {
  const vsync = new LiveVsync(options);
  // When the current frame began (real ms), the simulated work in it, and vblanks the display still holds.
  const clock = { frameRealMs: 0, workMs: 0, toSwallow: 0, swallowed: 0 };
  let rafId = 0;
  let token = 0;
  let pending: ((timestampMs: number) => void) | null = null;

  const onRealFrame = (realMs: number): void => {
    rafId = 0;
    if (display.frozen || clock.toSwallow > 0) {
      // Paused, or a vblank passes while the previous frame's work (or a stall) still holds the display.
      if (!display.frozen) {
        clock.toSwallow -= 1;
        clock.swallowed += 1;
      }
      rafId = requestAnimationFrame(onRealFrame);
      return;
    }
    const callback = pending;
    pending = null;
    if (!callback) return;
    vsync.next(clock.swallowed);
    clock.swallowed = 0;
    clock.frameRealMs = realMs;
    clock.workMs = 0;
    callback(vsync.timestampMs);
    clock.toSwallow += vsync.vblanksHeldBy(clock.workMs);
  };

  const display: SimulatedDisplay = {
    frozen: false,
    vsync,
    options,
    request(callback) {
      pending = callback;
      if (rafId === 0) rafId = requestAnimationFrame(onRealFrame);
      token += 1;
      return token;
    },
    cancel(handle) {
      if (handle !== token) return;
      pending = null;
      if (rafId !== 0) cancelAnimationFrame(rafId);
      rafId = 0;
    },
    now() {
      // This frame's timestamp, plus real time since the frame began, plus the simulated work so far.
      if (vsync.frames === 0) return 0;
      return vsync.timestampMs + Math.max(0, performance.now() - clock.frameRealMs) + clock.workMs;
    },
    stall(ms) {
      clock.toSwallow += vsync.vblanksHeldBy(ms);
    },
    spend(ms) {
      clock.workMs += Math.max(0, ms);
    },
  };
  return display;
}

/**
 * Makes simulated displays obey the story's transport bar. Rendered outside the providers that use
 * the displays, on the story's own loop (which the bar pauses and resumes for one frame per single
 * step): a paused story gets no frames from them and a single step lets exactly one through.
 */
export function FollowTransport({ displays }: { displays: readonly SimulatedDisplay[] }): null {
  useFrame(
    (frame) => {
      for (let i = 0; i < displays.length; i += 1) displays[i]!.frozen = frame.paused;
    },
    { phase: 'input' },
  );
  return null;
}

/**
 * `count` simulated displays made once for the life of a story (a provider reads its source once),
 * all alike (the same seed: side by side, every lane gets the very same frames); `jitterMs` and
 * `quantizationMs` follow the options on every render.
 */
export function useSimulatedDisplays(count: number, options: LiveVsyncOptions): readonly SimulatedDisplay[] {
  const [displays] = useState(() => Array.from({ length: count }, () => createSimulatedDisplay({ ...options })));
  for (const display of displays) {
    display.options.jitterMs = options.jitterMs;
    display.options.quantizationMs = options.quantizationMs;
  }
  return displays;
}
