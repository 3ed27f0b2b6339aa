/** One thing a {@link RecordingContext2D} was told: a method call, or a property set. */
export interface RecordedCanvasCall {
  /** `'call'` for a method, `'set'` for a property assignment (`ctx.fillStyle = 'red'`). */
  type: 'call' | 'set';
  /** The method or property name, e.g. `'fillRect'` or `'fillStyle'`. */
  name: string;
  /** The arguments (for `'set'`: the one assigned value). */
  args: unknown[];
}

/** The drawing state a 2d context keeps, saved by `save()` and brought back by `restore()`. */
interface DrawingState {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  miterLimit: number;
  lineDashOffset: number;
  font: string;
  textAlign: string;
  textBaseline: string;
  direction: string;
  globalAlpha: number;
  globalCompositeOperation: string;
  imageSmoothingEnabled: boolean;
  imageSmoothingQuality: string;
  shadowBlur: number;
  shadowColor: string;
  shadowOffsetX: number;
  shadowOffsetY: number;
  filter: string;
}

const DEFAULT_STATE: DrawingState = {
  fillStyle: '#000000',
  strokeStyle: '#000000',
  lineWidth: 1,
  lineCap: 'butt',
  lineJoin: 'miter',
  miterLimit: 10,
  lineDashOffset: 0,
  font: '10px sans-serif',
  textAlign: 'start',
  textBaseline: 'alphabetic',
  direction: 'inherit',
  globalAlpha: 1,
  globalCompositeOperation: 'source-over',
  imageSmoothingEnabled: true,
  imageSmoothingQuality: 'low',
  shadowBlur: 0,
  shadowColor: 'rgba(0, 0, 0, 0)',
  shadowOffsetX: 0,
  shadowOffsetY: 0,
  filter: 'none',
};

/** Methods that only draw or change state: recorded, and they return nothing. */
const DRAWING_METHODS = [
  'scale', 'rotate', 'translate', 'transform', 'setTransform', 'resetTransform',
  'clearRect', 'fillRect', 'strokeRect',
  'beginPath', 'closePath', 'moveTo', 'lineTo', 'bezierCurveTo', 'quadraticCurveTo', 'arc', 'arcTo', 'ellipse', 'rect', 'roundRect',
  'fill', 'stroke', 'clip', 'fillText', 'strokeText', 'drawImage', 'putImageData', 'drawFocusIfNeeded',
] as const;

type DrawingMethod = (typeof DRAWING_METHODS)[number];

/** The pixels a stub hands out: all transparent. */
interface StubImageData {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
  readonly colorSpace: 'srgb';
}

/** The 2d context {@link installCanvasStub} hands out: every call and property set is appended to `calls`; nothing is drawn. */
export type RecordingContext2D = DrawingState & {
  [M in DrawingMethod]: (...args: unknown[]) => void;
} & {
  /** The canvas this context belongs to. */
  readonly canvas: HTMLCanvasElement;
  /** Everything this context was told, in order. Set `calls.length = 0` to start over. */
  readonly calls: RecordedCanvasCall[];
  /** Push the drawing state (recorded). */
  save(): void;
  /** Pop the drawing state (recorded); does nothing when nothing was saved, as in a browser. */
  restore(): void;
  /** Reset the drawing state to its defaults and drop saved states (recorded). */
  reset(): void;
  /** Set the line dash (recorded); `getLineDash()` returns a copy. */
  setLineDash(segments: number[]): void;
  /** A copy of the current line dash. */
  getLineDash(): number[];
  /** Transparent pixels, `sw × sh` (recorded). */
  getImageData(sx: number, sy: number, sw: number, sh: number): StubImageData;
  /** Transparent pixels, `width × height` (recorded). */
  createImageData(width: number, height: number): StubImageData;
  /** `{ width: 0 }` plus zero bounding-box metrics (recorded). */
  measureText(text: string): { width: number; actualBoundingBoxAscent: number; actualBoundingBoxDescent: number; actualBoundingBoxLeft: number; actualBoundingBoxRight: number };
  /** Always false (recorded). */
  isPointInPath(...args: unknown[]): boolean;
  /** Always false (recorded). */
  isPointInStroke(...args: unknown[]): boolean;
  /** An inert gradient whose `addColorStop` calls are recorded here (the creation too). */
  createLinearGradient(...args: unknown[]): { addColorStop(offset: number, color: string): void };
  /** An inert gradient whose `addColorStop` calls are recorded here (the creation too). */
  createRadialGradient(...args: unknown[]): { addColorStop(offset: number, color: string): void };
  /** An inert gradient whose `addColorStop` calls are recorded here (the creation too). */
  createConicGradient(...args: unknown[]): { addColorStop(offset: number, color: string): void };
  /** An inert pattern (recorded). */
  createPattern(...args: unknown[]): { setTransform(...args: unknown[]): void };
  /** The context attributes it was created with (defaults filled in). */
  getContextAttributes(): { alpha: boolean; desynchronized: boolean; colorSpace: string; willReadFrequently: boolean };
};

function createRecordingContext(canvas: HTMLCanvasElement, attributes: unknown): RecordingContext2D {
  const calls: RecordedCanvasCall[] = [];
  const stack: DrawingState[] = [];
  let state: DrawingState = { ...DEFAULT_STATE };
  let lineDash: number[] = [];
  const given = (typeof attributes === 'object' && attributes !== null ? attributes : {}) as Record<string, unknown>;
  const contextAttributes = {
    alpha: given.alpha !== false,
    desynchronized: given.desynchronized === true,
    colorSpace: typeof given.colorSpace === 'string' ? given.colorSpace : 'srgb',
    willReadFrequently: given.willReadFrequently === true,
  };
  const record = (type: 'call' | 'set', name: string, args: unknown[]): void => {
    calls.push({ type, name, args });
  };
  const pixels = (width: number, height: number): StubImageData => {
    const w = Math.max(0, Math.floor(Math.abs(width)) || 0);
    const h = Math.max(0, Math.floor(Math.abs(height)) || 0);
    return { width: w, height: h, data: new Uint8ClampedArray(w * h * 4), colorSpace: 'srgb' };
  };
  const gradient = (name: string, args: unknown[]) => {
    record('call', name, args);
    return {
      addColorStop(offset: number, color: string) {
        record('call', 'addColorStop', [offset, color]);
      },
    };
  };

  const ctx: Record<string, unknown> = {
    canvas,
    calls,
    save() {
      record('call', 'save', []);
      stack.push({ ...state });
    },
    restore() {
      record('call', 'restore', []);
      const previous = stack.pop();
      if (previous) state = previous;
    },
    reset() {
      record('call', 'reset', []);
      stack.length = 0;
      state = { ...DEFAULT_STATE };
      lineDash = [];
    },
    setLineDash(segments: number[]) {
      record('call', 'setLineDash', [segments]);
      lineDash = Array.from(segments);
    },
    getLineDash: () => lineDash.slice(),
    getImageData(sx: number, sy: number, sw: number, sh: number) {
      record('call', 'getImageData', [sx, sy, sw, sh]);
      return pixels(sw, sh);
    },
    createImageData(width: number, height: number) {
      record('call', 'createImageData', [width, height]);
      return pixels(width, height);
    },
    measureText(text: string) {
      record('call', 'measureText', [text]);
      return { width: 0, actualBoundingBoxAscent: 0, actualBoundingBoxDescent: 0, actualBoundingBoxLeft: 0, actualBoundingBoxRight: 0 };
    },
    isPointInPath(...args: unknown[]) {
      record('call', 'isPointInPath', args);
      return false;
    },
    isPointInStroke(...args: unknown[]) {
      record('call', 'isPointInStroke', args);
      return false;
    },
    createLinearGradient: (...args: unknown[]) => gradient('createLinearGradient', args),
    createRadialGradient: (...args: unknown[]) => gradient('createRadialGradient', args),
    createConicGradient: (...args: unknown[]) => gradient('createConicGradient', args),
    createPattern(...args: unknown[]) {
      record('call', 'createPattern', args);
      return { setTransform() {} };
    },
    getContextAttributes: () => ({ ...contextAttributes }),
  };
  for (const name of DRAWING_METHODS) {
    ctx[name] = (...args: unknown[]) => record('call', name, args);
  }
  for (const name of Object.keys(DEFAULT_STATE) as (keyof DrawingState)[]) {
    Object.defineProperty(ctx, name, {
      enumerable: true,
      get: () => state[name],
      set: (value: unknown) => {
        record('set', name, [value]);
        (state as unknown as Record<string, unknown>)[name] = value;
      },
    });
  }
  return ctx as unknown as RecordingContext2D;
}

/** Per canvas prototype: `getContext` as it was before the first stub, and the stubs installed, oldest first. */
const stubs = new WeakMap<object, { original: PropertyDescriptor | undefined; active: ((type: string, attributes?: unknown) => RecordingContext2D | null)[] }>();

function define(proto: object, original: PropertyDescriptor | undefined, value: unknown): void {
  Object.defineProperty(proto, 'getContext', { configurable: true, writable: true, enumerable: original?.enumerable ?? true, value });
}

/**
 * Give every `<canvas>` a recording 2d context, for DOMs without a canvas (jsdom, happy-dom), so
 * `<GameCanvas>` calls your `render` and your test reads `ctx.calls`. Returns the function that
 * takes the stub away. Depth: docs/testing.md.
 */
export function installCanvasStub(): () => void {
  const Canvas = (globalThis as { HTMLCanvasElement?: unknown }).HTMLCanvasElement;
  if (typeof Canvas !== 'function') {
    throw new TypeError('installCanvasStub: there is no HTMLCanvasElement here; run it in a DOM test environment (happy-dom, jsdom)');
  }
  const proto = (Canvas as { prototype: HTMLCanvasElement }).prototype;
  let installs = stubs.get(proto);
  if (!installs) {
    installs = { original: Object.getOwnPropertyDescriptor(proto, 'getContext'), active: [] };
    stubs.set(proto, installs);
  }
  const contexts = new WeakMap<HTMLCanvasElement, RecordingContext2D>();
  function getContext(this: HTMLCanvasElement, type: string, attributes?: unknown): RecordingContext2D | null {
    if (type !== '2d') return null;
    let ctx = contexts.get(this);
    if (!ctx) {
      ctx = createRecordingContext(this, attributes);
      contexts.set(this, ctx);
    }
    return ctx;
  }
  installs.active.push(getContext);
  define(proto, installs.original, getContext);
  const held = installs;
  return () => {
    const index = held.active.indexOf(getContext);
    if (index < 0) return;
    held.active.splice(index, 1);
    // Restored in any order: the latest stub still held answers, or the true original once none is.
    const latest = held.active[held.active.length - 1];
    if (latest) return define(proto, held.original, latest);
    stubs.delete(proto);
    if (held.original) Object.defineProperty(proto, 'getContext', held.original);
    else delete (proto as unknown as Record<string, unknown>).getContext;
  };
}
