import { Ticker } from 'pixi.js';
import { finiteNumber, optionsObject, withDefault } from '../core/internal.js';
import type { FrameScheduler } from '../scheduler/index.js';

const OWNER = 'drivePixi';
// After every other `'render'` subscriber of the frame, so the picture holds what they wrote.
const LAST = Number.MAX_SAFE_INTEGER;

/** The part of a PixiJS `Application` the driver uses. */
export interface PixiApplicationLike {
  /** The application's ticker: its listeners run once per scheduler frame. */
  ticker: Ticker;
}

/** Options of {@link drivePixi} and {@link usePixiDriver}. */
export interface DrivePixiOptions {
  /** Order among the scheduler's `'render'` subscribers (lower first). Default: after all of them. */
  priority?: number;
}

/** How a ticker ran before the first driver took it over, to put it back when the last one lets go. */
interface Claim {
  count: number;
  autoStart: boolean;
  started: boolean;
}
const claims = new Map<Ticker, Claim>();

function claim(ticker: Ticker): void {
  const held = claims.get(ticker);
  if (held) {
    held.count++;
    return;
  }
  claims.set(ticker, { count: 1, autoStart: ticker.autoStart, started: ticker.started });
  // autoStart off first: with it on, Pixi restarts a stopped ticker whenever a listener is added.
  ticker.autoStart = false;
  ticker.stop();
}

function release(ticker: Ticker): void {
  const held = claims.get(ticker);
  if (!held || --held.count > 0) return;
  claims.delete(ticker);
  ticker.autoStart = held.autoStart;
  if (held.started) ticker.start();
}

/**
 * Run a PixiJS 8 `Application` on the scheduler, so the page has ONE requestAnimationFrame loop:
 * its tickers are stopped and updated once per scheduler frame. Returns the function that undoes
 * it. Depth: docs/adapters.md#pixijs-react-timesteppixi.
 */
export function drivePixi(app: PixiApplicationLike, scheduler: FrameScheduler, options?: DrivePixiOptions): () => void {
  const o = optionsObject(OWNER, options, false, ['priority']);
  const priority = finiteNumber(OWNER, 'priority', withDefault(o.priority, LAST));
  const appTicker = (app as Partial<PixiApplicationLike> | null)?.ticker;
  if (!(appTicker instanceof Ticker)) {
    throw new TypeError(`${OWNER}: \`app\` must be a PixiJS Application after \`await app.init()\` (it has no ticker yet)`);
  }
  const tickers = [...new Set([Ticker.system, Ticker.shared, appTicker])];
  tickers.forEach(claim);
  const unsubscribe = scheduler.subscribe(
    (frame) => {
      const t = frame.timestampMs;
      for (let i = 0; i < tickers.length; i++) {
        const ticker = tickers[i] as Ticker;
        // A last time ahead of this frame is on another clock (Pixi's start() stamps performance.now()):
        // rebase it one frame back. An equal time is a second driver this frame: listeners run once.
        if (t < ticker.lastTime) ticker.lastTime = t - (frame.rawDeltaSeconds > 0 ? frame.rawDeltaSeconds * 1000 : 1000 / frame.refreshRate);
        ticker.update(t);
      }
    },
    { phase: 'render', priority },
  );
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    tickers.forEach(release);
  };
}
