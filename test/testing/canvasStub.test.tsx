import { afterEach, describe, expect, it } from 'vitest';
import { GameCanvas } from '../../src/index.js';
import { installCanvasStub, renderWithFrames, resetDefaultScheduler } from '../../src/testing/index.js';
import type { RecordingContext2D } from '../../src/testing/index.js';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  resetDefaultScheduler();
});

const context = (canvas: HTMLCanvasElement) => canvas.getContext('2d') as unknown as RecordingContext2D;

describe('installCanvasStub', () => {
  it('lets <GameCanvas> call render with a context that records what was drawn', () => {
    restore = installCanvasStub();
    const alphas: number[] = [];
    const view = renderWithFrames(
      <GameCanvas
        width={100}
        height={50}
        step={1 / 60}
        update={() => undefined}
        render={(alpha, _frame, { ctx }) => {
          alphas.push(alpha);
          ctx.fillStyle = 'red';
          ctx.fillRect(10 * alpha, 0, 5, 5);
        }}
      />,
      { strictMode: true },
    );
    view.advanceFrames(3);
    const canvas = view.container.querySelector('canvas')!;
    const ctx = context(canvas);
    expect(alphas).toHaveLength(3);
    const fills = ctx.calls.filter((c) => c.name === 'fillRect');
    expect(fills).toHaveLength(3);
    expect(fills.map((c) => c.args[0])).toEqual(alphas.map((a) => 10 * a));
    // <GameCanvas> resets the transform to the pixel ratio before each render.
    expect(ctx.calls.filter((c) => c.name === 'setTransform')).toHaveLength(3);
    expect(ctx.calls).toContainEqual({ type: 'set', name: 'fillStyle', args: ['red'] });
    expect(ctx.canvas).toBe(canvas);
    view.unmount();
  });

  it('hands out one context per canvas, null for other context types, and restores the original', () => {
    const canvas = document.createElement('canvas');
    const before = canvas.getContext('2d');
    restore = installCanvasStub();
    const ctx = context(canvas);
    expect(ctx).not.toBe(before);
    expect(canvas.getContext('2d')).toBe(ctx);
    expect(context(document.createElement('canvas'))).not.toBe(ctx);
    expect(canvas.getContext('webgl')).toBeNull();
    expect(canvas.getContext('webgl2')).toBeNull();
    restore();
    expect(canvas.getContext('2d')).toBe(before);
    restore(); // twice: nothing more happens
    expect(canvas.getContext('2d')).toBe(before);
    restore = null;
  });

  it('two stubs taken away in any order leave the true original getContext (issue 25)', () => {
    const proto = HTMLCanvasElement.prototype;
    const original = Object.getOwnPropertyDescriptor(proto, 'getContext');
    for (const order of [[0, 1], [1, 0]]) {
      const restores = [installCanvasStub(), installCanvasStub()];
      const canvas = document.createElement('canvas');
      const second = context(canvas);
      restores[order[0]!]!();
      // One stub still installed: a recording context (the second's while it is held).
      expect(context(canvas).calls).toBeInstanceOf(Array);
      if (order[0] === 0) expect(context(canvas)).toBe(second);
      restores[order[1]!]!();
      expect(Object.getOwnPropertyDescriptor(proto, 'getContext')).toEqual(original);
      restores[order[0]!]!(); // again: nothing more happens
      expect(Object.getOwnPropertyDescriptor(proto, 'getContext')).toEqual(original);
    }
  });

  it('keeps the drawing state across save/restore and returns inert values', () => {
    restore = installCanvasStub();
    const ctx = context(document.createElement('canvas'));
    expect(ctx.fillStyle).toBe('#000000');
    expect(ctx.lineWidth).toBe(1);
    ctx.save();
    ctx.fillStyle = 'blue';
    ctx.lineWidth = 4;
    ctx.setLineDash([2, 3]);
    expect(ctx.getLineDash()).toEqual([2, 3]);
    ctx.restore();
    expect(ctx.fillStyle).toBe('#000000');
    expect(ctx.lineWidth).toBe(1);
    ctx.restore(); // nothing saved: no change, as in a browser
    expect(ctx.fillStyle).toBe('#000000');

    const image = ctx.getImageData(0, 0, 3, 2);
    expect(image.width).toBe(3);
    expect(image.height).toBe(2);
    expect(image.data).toHaveLength(24);
    expect(image.data.every((v) => v === 0)).toBe(true);
    expect(ctx.measureText('abc').width).toBe(0);
    expect(ctx.isPointInPath(1, 1)).toBe(false);
    const gradient = ctx.createLinearGradient(0, 0, 10, 0);
    gradient.addColorStop(0, 'red');
    expect(ctx.calls.map((c) => `${c.type} ${c.name}`)).toEqual([
      'call save',
      'set fillStyle',
      'set lineWidth',
      'call setLineDash',
      'call restore',
      'call restore',
      'call getImageData',
      'call measureText',
      'call isPointInPath',
      'call createLinearGradient',
      'call addColorStop',
    ]);
    ctx.calls.length = 0;
    ctx.reset();
    expect(ctx.calls).toEqual([{ type: 'call', name: 'reset', args: [] }]);
  });

  it('reports the context attributes it was created with', () => {
    restore = installCanvasStub();
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { alpha: false }) as unknown as RecordingContext2D;
    expect(ctx.getContextAttributes()).toEqual({ alpha: false, desynchronized: false, colorSpace: 'srgb', willReadFrequently: false });
  });

  it('throws a TypeError naming itself where there is no DOM', () => {
    const g = globalThis as { HTMLCanvasElement?: unknown };
    const saved = g.HTMLCanvasElement;
    delete g.HTMLCanvasElement;
    try {
      expect(() => installCanvasStub()).toThrow(TypeError);
      expect(() => installCanvasStub()).toThrow(/installCanvasStub: there is no HTMLCanvasElement/);
    } finally {
      g.HTMLCanvasElement = saved;
    }
  });
});
