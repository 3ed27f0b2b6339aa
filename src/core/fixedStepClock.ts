/**
 * The game clock behind {@link createFixedStep}: real milliseconds in, scaled game milliseconds
 * out, with pause, resume and time-scale changes that apply from the moment they are made.
 *
 * Game time is never summed frame by frame. It is `scaledBaseMs + (nowMs − wallBaseMs) × scale`,
 * and every control change "rebases" (folds the time so far into `scaledBaseMs` and restarts the
 * wall base at that moment), so a change of scale never rewrites time that already passed and
 * the only float error is one multiply-add per rebase, not one per frame.
 */

/**
 * A clock that starts at the first accepted timestamp. Internal to the fixed step (not exported
 * from the package): the fixed step decides which timestamps are accepted, the clock only does
 * the arithmetic. A class, not a closure bag, because `tick` runs every frame.
 */
export class FixedStepClock {
  /** True once the first timestamp (time zero) was seen. */
  started = false;
  /** The last accepted timestamp, ms. Control calls without a timestamp happen at this moment. */
  lastNowMs = 0;
  /** Game seconds per real second. */
  scale: number;
  /** Paused by `pause()`; stays true while a `resume()` waits for the next frame. */
  private halted = false;
  /** `resume()` without a timestamp: game time restarts at the next tick, not at the last one. */
  private resumePending = false;
  private wallBaseMs = 0;
  private scaledBaseMs = 0;
  /** The last game time handed out; game time never goes backwards. */
  private lastGameMs = 0;

  constructor(scale: number) {
    this.scale = scale;
  }

  /** Paused as the caller sees it: a pending `resume()` already counts as running. */
  get paused(): boolean {
    return this.halted && !this.resumePending;
  }

  /** True while game time does not flow (paused, or a resume waiting for the next frame). */
  get frozen(): boolean {
    return this.halted;
  }

  /** Time zero. */
  start(nowMs: number): void {
    this.started = true;
    this.lastNowMs = nowMs;
    this.wallBaseMs = nowMs;
    this.scaledBaseMs = 0;
    this.lastGameMs = 0;
  }

  /**
   * The timestamp for {@link tickInput}. A timestamp the caller computed (snapped to a vblank
   * grid) is handed over in this field: a fresh double passed as an argument to a call V8 does not
   * inline is boxed, an allocation per frame; a double field is updated in place. Starts as NaN
   * so V8 gives the field a double representation from the start (seen: starting at 0, the
   * snapped path kept allocating 16 bytes a frame).
   */
  inputMs = Number.NaN;

  /**
   * Game ms at `nowMs` (an accepted timestamp, not earlier than the last one), plus `extraGameMs`
   * added while frozen (a single step).
   */
  tick(nowMs: number, extraGameMs: number): number {
    this.inputMs = nowMs;
    return this.tickInput(extraGameMs);
  }

  /** {@link tick} at `inputMs`. */
  tickInput(extraGameMs: number): number {
    const nowMs = this.inputMs;
    this.lastNowMs = nowMs;
    if (this.resumePending) {
      this.resumePending = false;
      this.halted = false;
      this.wallBaseMs = nowMs;
    }
    this.scaledBaseMs += extraGameMs;
    let gameMs = this.halted ? this.scaledBaseMs : this.scaledBaseMs + (nowMs - this.wallBaseMs) * this.scale;
    // A rebase at a timestamp later than this frame (pause(t) / setTimeScale(s, t) with t in the
    // future) could make the formula dip below what was already handed out: hold instead.
    if (gameMs < this.lastGameMs) gameMs = this.lastGameMs;
    this.lastGameMs = gameMs;
    return gameMs;
  }

  /**
   * The moment a control call applies: its timestamp, else the last frame. Never earlier than the
   * last frame, because game time up to that frame was already handed out.
   */
  private at(nowMs: number | undefined): number {
    return nowMs !== undefined && Number.isFinite(nowMs) && nowMs > this.lastNowMs ? nowMs : this.lastNowMs;
  }

  /** Fold the game time up to `atMs` into the base, so later changes do not rewrite it. */
  private rebase(atMs: number): void {
    this.scaledBaseMs += (atMs - this.wallBaseMs) * this.scale;
    this.wallBaseMs = atMs;
  }

  /** Stop game time at `nowMs` (default and lower bound: the last frame). */
  pause(nowMs?: number): void {
    if (this.resumePending) {
      // Resumed and paused again before any frame: game time never flowed.
      this.resumePending = false;
      return;
    }
    if (this.halted) return;
    if (this.started) this.rebase(this.at(nowMs));
    this.halted = true;
  }

  /** Let game time flow from `nowMs` (lower bound: the last frame), else from the next tick. */
  resume(nowMs?: number): void {
    if (!this.halted || this.resumePending) return;
    if (nowMs !== undefined && Number.isFinite(nowMs) && this.started) {
      this.wallBaseMs = this.at(nowMs);
      this.halted = false;
    } else {
      this.resumePending = true;
    }
  }

  /** Use `scale` from `nowMs` on (default and lower bound: the last frame); earlier time keeps its scale. */
  setScale(scale: number, nowMs?: number): void {
    if (this.started && !this.halted) this.rebase(this.at(nowMs));
    this.scale = scale;
  }

  /** Back to before time zero; keeps the scale and the pause state. */
  reset(): void {
    this.started = false;
    this.lastNowMs = 0;
    this.wallBaseMs = 0;
    this.scaledBaseMs = 0;
    this.lastGameMs = 0;
  }
}
