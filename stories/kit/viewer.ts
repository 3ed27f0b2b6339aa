import { createViewerMeter } from '../../src/simulation/index.js';
import type { ViewerMeter, ViewerMetrics } from '../../src/simulation/index.js';

/** One presented picture as the viewer model scores it (the argument of `ViewerMeter.add`). */
export type ViewerFrame = Parameters<ViewerMeter['add']>[0];

/** Options of {@link LiveViewer}. */
export interface LiveViewerOptions {
  /** The display's refresh interval, ms. */
  refreshIntervalMs: number;
  /** The unit of the "in steps" figures, ms. Default: `refreshIntervalMs`. */
  stepMs?: number;
  /** Length of the "recent" window, ms of presentation time. Default 250. */
  windowMs?: number;
}

/**
 * The viewer model (`createViewerMeter`) fed live by a story's frame loop. A story fills
 * {@link LiveViewer.frame} (a reused object) and calls {@link LiveViewer.add} once per presented
 * picture; the metrics are read out of the meters once per window (a quarter second by default),
 * never per frame, so the loop allocates nothing per frame:
 *
 * - {@link LiveViewer.total}: everything since the story mounted (flaps, judder, dropped time);
 * - {@link LiveViewer.recent}: the last finished window only (the lag and speed of right now).
 *
 * Both stay `undefined` until they have been measured, so a readout shows "–", not a made-up 0.
 */
export class LiveViewer {
  /** The picture to add next: fill it, then call {@link LiveViewer.add}. */
  readonly frame: ViewerFrame = { presentMs: 0, pictureMs: 0, droppedMs: 0, updates: 0, vblanks: Number.NaN };
  /** Metrics since the story mounted, as of the last finished window. */
  total: ViewerMetrics | undefined;
  /**
   * Metrics of the last finished window. Its `droppedSeconds` counts from the start (a reset meter
   * has no earlier picture to count from): read dropped time from {@link LiveViewer.total}.
   */
  recent: ViewerMetrics | undefined;
  /** Windows finished so far. */
  windows = 0;
  private readonly all: ViewerMeter;
  private readonly window: ViewerMeter;
  private readonly windowMs: number;
  private windowStartMs = Number.NaN;

  constructor(options: LiveViewerOptions) {
    const meterOptions = { refreshIntervalMs: options.refreshIntervalMs, stepMs: options.stepMs };
    this.all = createViewerMeter(meterOptions);
    this.window = createViewerMeter(meterOptions);
    this.windowMs = options.windowMs ?? 250;
  }

  /**
   * Score one picture: shown at `presentMs`, showing game time `pictureMs`, after `updates` steps
   * or refresh intervals handed out where `vblanks` really elapsed (NaN: unknown), with
   * `droppedMs` of game time thrown away so far. Returns true when a window just finished.
   */
  score(presentMs: number, pictureMs: number, updates: number, vblanks: number, droppedMs = 0): boolean {
    const f = this.frame;
    f.presentMs = presentMs;
    f.pictureMs = pictureMs;
    f.updates = updates;
    f.vblanks = vblanks;
    f.droppedMs = droppedMs;
    return this.add();
  }

  /**
   * Score {@link LiveViewer.frame}. Returns true when a window just finished (the metrics were
   * read out of the meters).
   */
  add(): boolean {
    const f = this.frame;
    this.all.add(f);
    if (!Number.isFinite(this.windowStartMs)) this.windowStartMs = f.presentMs;
    this.window.add(f);
    if (f.presentMs - this.windowStartMs < this.windowMs) return false;
    this.recent = this.window.result();
    this.total = this.all.result();
    this.windows += 1;
    this.window.reset();
    // The boundary picture opens the next window too, but its flap is counted once.
    const vblanks = f.vblanks;
    f.vblanks = Number.NaN;
    this.window.add(f);
    f.vblanks = vblanks;
    this.windowStartMs = f.presentMs;
    return true;
  }
}
