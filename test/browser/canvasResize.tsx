// A <GameCanvas> resized between frames (its box grows), seen by a ResizeObserver made after the
// canvas's own: observers are told in the order they were made, so this one looks at the canvas
// after <GameCanvas> resized it and before the browser paints. Shared by realFrameLoop.test.tsx
// (Chromium) and realFrameLoop.page.tsx (Firefox, WebKitGTK).
import { FrameProvider, GameCanvas } from '../../src/index.js';

/** What the later observer saw at the resize. */
export interface ResizeSeen {
  /** The drawing buffer's width then, and the width the new box asks for. */
  width: number;
  expectedWidth: number;
  /** The canvas's middle pixel was the render's green (false: a blank, cleared buffer). */
  green: boolean;
  /** Renders that ran from the resize on. */
  rendersSince: number;
}

/** Mount the canvas with `mount`, let it draw, grow its box 120 → 200 px, and report what the later observer saw. */
export async function resizeBetweenFrames(
  mount: (element: React.ReactElement) => HTMLElement,
  untilFrames: (predicate: () => boolean) => Promise<void>,
): Promise<ResizeSeen> {
  let renders = 0;
  const host = mount(
    <FrameProvider>
      <div data-testid="box" style={{ width: '120px', height: '60px' }}>
        <GameCanvas
          update={() => undefined}
          render={(_alpha, _frame, { ctx, size }) => {
            renders += 1;
            ctx.fillStyle = '#0f0';
            ctx.fillRect(0, 0, size.width, size.height);
          }}
        />
      </div>
    </FrameProvider>,
  );
  await untilFrames(() => renders >= 5);
  const canvas = host.querySelector('canvas')!;
  const box = host.querySelector<HTMLElement>('[data-testid="box"]')!;
  const seen: Array<{ width: number; green: boolean }> = [];
  const observer = new ResizeObserver(() => {
    const pixel = canvas.getContext('2d')!.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data;
    seen.push({ width: canvas.width, green: pixel[1]! > 200 && pixel[0]! < 50 });
  });
  observer.observe(canvas);
  // The first call reports the size at observe().
  await untilFrames(() => seen.length >= 1);
  const rendersBefore = renders;
  box.style.width = '200px';
  await untilFrames(() => seen.length >= 2);
  observer.disconnect();
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  return { width: seen[1]!.width, expectedWidth: Math.round(200 * ratio), green: seen[1]!.green, rendersSince: renders - rendersBefore };
}
