// A stand-in 2d context: happy-dom has no canvas implementation (getContext returns null).
import { vi } from 'vitest';

export interface FakeContext {
  setTransform: ReturnType<typeof vi.fn>;
  clearRect: ReturnType<typeof vi.fn>;
  fillRect: ReturnType<typeof vi.fn>;
  save: ReturnType<typeof vi.fn>;
  restore: ReturnType<typeof vi.fn>;
  canvas: HTMLCanvasElement | null;
}

/** Makes every canvas return a fresh fake 2d context; returns the contexts handed out. */
export function stubCanvasContext(): { contexts: FakeContext[]; getContext: ReturnType<typeof vi.spyOn> } {
  const contexts: FakeContext[] = [];
  const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const ctx: FakeContext = { setTransform: vi.fn(), clearRect: vi.fn(), fillRect: vi.fn(), save: vi.fn(), restore: vi.fn(), canvas: this };
    contexts.push(ctx);
    return ctx as unknown as CanvasRenderingContext2D;
  } as never);
  return { contexts, getContext };
}
