// What the overlay tests read: the overlay in document.body (it renders there through a portal),
// the text lines it drew, and the files its ● button downloads.
import { afterEach, beforeEach, vi } from 'vitest';
import type { ReactNode } from 'react';
import { installCanvasStub, renderWithFrames } from '../../src/testing/index.js';
import type { RecordingContext2D, RenderWithFramesResult } from '../../src/testing/index.js';

/**
 * For a test file: a recording canvas stub around each test, and what it mounts unmounted after it.
 * Returns `keep` (unmount this after the test) and `mount` (render with frames, kept).
 */
export function overlayTestSetup(): { keep(view: { unmount(): void }): void; mount(ui: ReactNode, strictMode?: boolean): RenderWithFramesResult } {
  let restoreCanvas: () => void = () => {};
  const open: Array<{ unmount(): void }> = [];
  beforeEach(() => {
    restoreCanvas = installCanvasStub();
  });
  afterEach(() => {
    for (const view of open.splice(0)) view.unmount();
    restoreCanvas();
    vi.restoreAllMocks();
  });
  return {
    keep: (view) => void open.push(view),
    mount(ui, strictMode = false) {
      const view = renderWithFrames(ui, { strictMode });
      open.push(view);
      return view;
    },
  };
}

/** The overlay mounted last (it renders into document.body, wherever it is put). */
export function newestOverlay(): HTMLElement {
  const all = document.body.querySelectorAll<HTMLElement>('[data-testid="frame-timing-overlay"]');
  const overlay = all[all.length - 1];
  if (!overlay) throw new Error('no overlay in document.body');
  return overlay;
}

export function newestCtx(): RecordingContext2D {
  const canvas = newestOverlay().querySelector('canvas');
  if (!canvas) throw new Error('no overlay canvas');
  return canvas.getContext('2d') as unknown as RecordingContext2D;
}

export function texts(ctx: RecordingContext2D): string[] {
  return ctx.calls.filter((c) => c.name === 'fillText').map((c) => String(c.args[0]));
}

/** The text lines of the last text paint, by what they show. */
export function lines(ctx: RecordingContext2D): { rate: string; frames: string; judder: string; clock: string; longFrames: string; inputDelay: string } {
  const [rate = '', frames = '', judder = '', clock = '', longFrames = '', inputDelay = ''] = texts(ctx).slice(-6);
  return { rate, frames, judder, clock, longFrames, inputDelay };
}

/** Downloads the ● button makes: the files' contents. */
export function captureDownloads(): Blob[] {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:timing';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return blobs;
}
