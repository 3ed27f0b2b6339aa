import { positiveNumber } from '../core/validate.js';
import { frameLoopHost } from './frameLoopHost.js';
import { capDivisor, pacedTiming } from './refreshDetection.js';
import type { FrameScheduler } from './types.js';

const OWNER = 'frameRateCapDivisor';

/**
 * Vblanks per picture for a frame-rate cap: the whole number nearest to `refreshRate /
 * maxFrameRate`, at least 1, a tie going to the larger number (the lower rate).
 *
 * Why nearest and not "at most": a display only shows pictures on its vblanks, so the rates a
 * loop can hold evenly are `refreshRate / d` for whole `d`. 60 on a 144 Hz display can be 72 Hz
 * (every 2nd vblank) or 48 Hz (every 3rd); exactly 60 is only reachable by alternating 2 and 3
 * vblanks, the uneven pacing a cap is meant to avoid. "At most 60" would pick 48 there and 37.5 Hz
 * on a 75 Hz display; the nearest divisor picks 72 and 75, and the rate actually reached is
 * reported (`frame.divisor`, `refreshRate / divisor`) instead of the number asked for.
 *
 * | display | cap 60 → divisor | rate reached |
 * |---|---|---|
 * | 59.94 Hz | 1 | 59.94 Hz |
 * | 60 Hz | 1 | 60 Hz |
 * | 75 Hz | 1 | 75 Hz |
 * | 90 Hz | 2 | 45 Hz |
 * | 120 Hz | 2 | 60 Hz |
 * | 144 Hz | 2 | 72 Hz |
 * | 165 Hz | 3 | 55 Hz |
 * | 240 Hz | 4 | 60 Hz |
 *
 * @throws RangeError naming `refreshRate` or `maxFrameRate` when not a finite number > 0.
 * @example
 * ```ts
 * frameRateCapDivisor(144, 60); // 2: every 2nd vblank, 72 Hz
 * frameRateCapDivisor(120, 30); // 4
 * ```
 */
export function frameRateCapDivisor(refreshRate: number, maxFrameRate: number): number {
  return capDivisor(positiveNumber(OWNER, 'refreshRate', refreshRate), positiveNumber(OWNER, 'maxFrameRate', maxFrameRate));
}

/**
 * Cap the frame rate of a loop on whole vblanks: from the next frame on, subscribers run on every
 * d-th vblank, d = {@link frameRateCapDivisor}(detected refresh rate, `maxFrameRate`), recomputed
 * when the detected rate changes. Pacing is even: a run waits until about d refresh intervals
 * passed since the last run (half an interval of slack absorbs timestamp jitter), never a "skip if
 * less than 1/60 s passed" test that alternates 2 and 3 vblanks on jittered timestamps. Each run
 * gets the whole elapsed time as its delta.
 *
 * Shares the adaptive frame rate's divisor: with both, a picture holds the larger of the two
 * divisors, and `scheduler.divisor`, `frame.divisor` and `onDivisorChange` report that one. The
 * rate actually reached is `refreshRate / divisor` (72 Hz for a cap of 60 on a 144 Hz display).
 *
 * Call again to change the cap (live, no restart); `undefined` removes it. Installs refresh-rate
 * detection (a loop whose `refreshRate` option fixed the rate uses that rate). A no-op on a
 * scheduler this package did not make. `<FrameProvider maxFrameRate>` and the `maxFrameRate`
 * option of `createFrameScheduler` call it.
 *
 * @throws RangeError naming `maxFrameRate` when it is given and not a finite number > 0.
 * @example
 * ```ts
 * const loop = installFrameRateCap(createFrameLoop(), 60);
 * loop.onDivisorChange((d) => console.log(`${loop.refreshRate.refreshRate / d} Hz`));
 * ```
 */
export function installFrameRateCap(scheduler: FrameScheduler, maxFrameRate: number | undefined): FrameScheduler {
  const cap = maxFrameRate === undefined ? undefined : positiveNumber('installFrameRateCap', 'maxFrameRate', maxFrameRate);
  const host = frameLoopHost(scheduler);
  if (host !== undefined) {
    const timing = pacedTiming(host);
    timing.maxFrameRate = cap === undefined ? Infinity : cap;
    timing.retune();
  }
  return scheduler;
}
