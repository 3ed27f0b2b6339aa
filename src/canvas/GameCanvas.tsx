import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CanvasHTMLAttributes, CSSProperties, ForwardedRef, ReactElement, ReactNode, RefAttributes } from 'react';
import { callback, checkOptions, choice, nonNegative, positive } from '../core/internal.js';
import type { FixedClock, FixedClockOptions, FixedUpdate } from '../scheduler/internal.js';
import type { FrameInfo } from '../scheduler/index.js';
import { addFirstRender, isDevelopment, redraw } from '../scheduler/internal.js';
import { checkClockOptions, drawOn, FixedClockContext, useOwnClock } from '../react/internal.js';
import type { CanvasTarget, ClockScope, GameCanvasContextMap, GameCanvasContextType, GameCanvasDraw, GameCanvasSize } from '../react/internal.js';
import { useLatest } from '../react/internal.js';

export type { GameCanvasContextMap, GameCanvasContextType, GameCanvasDraw, GameCanvasSize };

// Read only after isDevelopment() made it safe; a production build replaces it and drops the warning.
declare const process: { env: { NODE_ENV?: string } };

/** Props of {@link GameCanvas}: the clock options (`step` defaults to `1 / 60`), its own, and any `<canvas>` attribute. */
export interface GameCanvasProps<T extends GameCanvasContextType = '2d'>
  extends Omit<FixedClockOptions, 'step'>, Omit<CanvasHTMLAttributes<HTMLCanvasElement>, 'width' | 'height' | 'role' | 'children'> {
  /** Seconds of game time per step. Default `1 / 60`. */
  step?: number;
  /** Advance the game by `dt` (= step) seconds; in each step after the children's updates of priority 0 (whenever they mounted), before those of a higher priority. */
  update?: FixedUpdate;
  /**
   * Draw the state blended `alpha` ∈ [0, 1] from the previous to the latest state on `{ ctx, size }`:
   * once a frame, first (under the children's renders). The arguments of `useFixedRender`'s render, in its order.
   */
  render?: (alpha: number, frame: FrameInfo, canvas: GameCanvasDraw<T>) => void;
  /** Default `'2d'`. A change mounts a new `<canvas>` element (and remounts the children). */
  contextType?: T;
  /** Options for `getContext` (e.g. `{ alpha: false }`). Read when the canvas element mounts. */
  contextAttributes?: CanvasRenderingContext2DSettings | WebGLContextAttributes;
  /** Called with an `Error` naming the type when `getContext` gives null (updates run, no render); else a dev warning. */
  onContextError?: (error: Error) => void;
  /** Width in CSS px. With `height`, a fixed size; without both, the canvas fills its parent. */
  width?: number;
  /** Height in CSS px. */
  height?: number;
  /** Cap on device pixels per CSS pixel (sharpness vs. fill cost). Default 2. */
  maxPixelRatio?: number;
  /** Pause game time while scrolled out of view; coming back never lifts another pause. Default false. */
  pauseWhenOffscreen?: boolean;
  /** Accessible name. Default `"Game canvas"`. */
  'aria-label'?: string;
  /** The game's components: they join the canvas's clock and draw with `useFixedRender` (their DOM is fallback content). */
  children?: ReactNode;
  /** Receives the canvas's clock (the one its children get from `useFixedClock()`). */
  controlsRef?: { current: FixedClock | null };
}

const DEFAULT_STEP = 1 / 60;

/** Browser globals, read when used (inside effects only): absent on a server and in some test DOMs. */
const browser = globalThis as {
  devicePixelRatio?: number;
  ResizeObserver?: typeof ResizeObserver;
  IntersectionObserver?: typeof IntersectionObserver;
  matchMedia?: (query: string) => MediaQueryList;
};

/**
 * Call `onChange` each time `devicePixelRatio` changes (zoom, a move to another screen): a media
 * query for the current ratio stops matching, and is made again for the new one. Returns the stop.
 */
function watchPixelRatio(onChange: () => void): () => void {
  let query: MediaQueryList | null = null;
  const changed = (): void => {
    arm();
    onChange();
  };
  function arm(): void {
    query?.removeEventListener('change', changed);
    query = typeof browser.matchMedia === 'function' ? browser.matchMedia(`(resolution: ${browser.devicePixelRatio || 1}dppx)`) : null;
    query?.addEventListener('change', changed);
  }
  arm();
  return () => query?.removeEventListener('change', changed);
}

/**
 * Size `canvas`'s drawing buffer for the CSS box `fixed` (null: the element's own box, followed
 * with a ResizeObserver) at the device pixel ratio capped by `maxPixelRatio`, and again when that
 * ratio changes; `size` is written in place. A new buffer (cleared) is handed to `resized`. Returns the stop.
 */
function followSize(canvas: HTMLCanvasElement, size: GameCanvasSize, fixed: { width: number; height: number } | null, maxPixelRatio: number, resized: () => void): () => void {
  // A CSS box: the fixed props, the element's bounding box or a ResizeObserver entry's content box.
  const apply = ({ width: cssWidth, height: cssHeight }: { width: number; height: number }): void => {
    const ratio = Math.min(browser.devicePixelRatio || 1, maxPixelRatio);
    size.width = cssWidth;
    size.height = cssHeight;
    size.pixelRatio = ratio;
    size.pixelWidth = Math.max(0, Math.round(cssWidth * ratio));
    size.pixelHeight = Math.max(0, Math.round(cssHeight * ratio));
    if (canvas.width === size.pixelWidth && canvas.height === size.pixelHeight) return;
    canvas.width = size.pixelWidth;
    canvas.height = size.pixelHeight;
    resized();
  };
  apply(fixed ?? canvas.getBoundingClientRect());
  // The same CSS box at the new ratio: a zoom or another screen changes the device pixels only.
  const stopRatio = watchPixelRatio(() => apply({ width: size.width, height: size.height }));
  // Without a ResizeObserver (SSR, old browsers) the first measurement is kept.
  const stopResize = fixed ? undefined : watch(canvas, browser.ResizeObserver, (entry) => apply(entry.contentRect));
  return () => {
    stopRatio();
    stopResize?.();
  };
}

/** Of the children's updates, the canvas's runs after those of priority 0, whenever they mounted. */
const UPDATE_PRIORITY = Number.MIN_VALUE;

type Observer<E> = new (callback: (entries: E[]) => void) => { observe(target: Element): void; disconnect(): void };

/** Hand the latest entry of each batch to `onEntry`; returns the disconnect. No observer (SSR, test DOMs): nothing watched. */
function watch<E>(canvas: Element, Ctor: Observer<E> | undefined, onEntry: (entry: E) => void): (() => void) | undefined {
  if (typeof Ctor !== 'function') return;
  const observer = new Ctor((entries) => {
    const entry = entries[entries.length - 1];
    if (entry) onEntry(entry);
  });
  observer.observe(canvas);
  return () => observer.disconnect();
}
const DEFAULT_MAX_PIXEL_RATIO = 2;
const OWNER = '<GameCanvas>';
/** Props of its own besides the clock options (the rest go to the `<canvas>` element). */
const OWN_PROPS = ['update', 'render', 'contextType', 'contextAttributes', 'onContextError', 'width', 'height', 'maxPixelRatio', 'pauseWhenOffscreen', 'children', 'controlsRef'];
const CONTEXT_TYPES: readonly GameCanvasContextType[] = ['2d', 'webgl', 'webgl2'];
/** The checks of its own props (the clock's are checkClockOptions'). */
const OWN_RULES = {
  width: nonNegative(),
  height: nonNegative(),
  maxPixelRatio: positive(DEFAULT_MAX_PIXEL_RATIO),
  contextType: choice(CONTEXT_TYPES, '2d'),
  update: callback(),
  render: callback(),
  onContextError: callback(),
};

function GameCanvasImpl<T extends GameCanvasContextType = '2d'>(
  props: GameCanvasProps<T>,
  forwardedRef: ForwardedRef<HTMLCanvasElement>,
): ReactElement {
  const {
    step: _step,
    update,
    render: _render,
    interpolation: _interpolation,
    maxSteps: _maxSteps,
    overload: _overload,
    timeScale: _timeScale,
    paused: _paused,
    priority: _priority,
    snapToDisplay: _snap,
    contextType = '2d' as T,
    contextAttributes,
    onContextError: _onContextError,
    width,
    height,
    maxPixelRatio = DEFAULT_MAX_PIXEL_RATIO,
    pauseWhenOffscreen,
    'aria-label': ariaLabel = 'Game canvas',
    children,
    controlsRef,
    style,
    ...rest
  } = props;

  // Bad props fail here, naming the prop, instead of giving render a NaN-sized or unscaled buffer.
  const settings = checkClockOptions(OWNER, 'prop', props as unknown as Record<string, unknown>, OWN_PROPS, DEFAULT_STEP, true);
  checkOptions(OWNER, 'prop', props as unknown as Record<string, unknown>, OWN_RULES);

  const canvasRef = useRef<HTMLCanvasElement>(null);
  // No dependency list: the handle follows the element, and a new `contextType` mounts a new one.
  useImperativeHandle(forwardedRef, () => canvasRef.current as HTMLCanvasElement);
  // The latest committed props: their `update`, `render` and `onContextError` are the ones called.
  const latest = useLatest(props);
  const [offscreen, setOffscreen] = useState(false);
  const fixedSize = width !== undefined && height !== undefined;
  // One hold for both reasons, apart from pause(), so scrolling back into view never lifts a pause.
  const clock = useOwnClock({ ...settings, paused: settings.paused || (pauseWhenOffscreen === true && offscreen) });
  // `size` is set by the sizing effect, in the same commit as the render job: no render sees it empty.
  const [scope] = useState((): ClockScope => ({ clock, canvas: { ctx: null, size: {} as GameCanvasSize, is2d: true } }));
  const target = scope.canvas!;

  const hasUpdate = update !== undefined;
  useEffect(() => (hasUpdate ? clock.addUpdate((dt, s) => latest.current.update!(dt, s), { priority: UPDATE_PRIORITY }) : undefined), [clock, hasUpdate, latest]);
  // First in each frame, ahead of any child's render: reset the scale (canvas.width resets 2d state; a render may leave a
  // transform) and clear; then the canvas's own render, under its children's.
  useEffect(() => {
    const own = (alpha: number, frame: FrameInfo, t: CanvasTarget): void => latest.current.render?.(alpha, frame, t as unknown as GameCanvasDraw<T>);
    return addFirstRender(
      clock,
      (alpha, frame) => {
        const ctx = target.ctx as CanvasRenderingContext2D | null;
        if (ctx === null) return;
        const s = target.size;
        if (target.is2d) {
          ctx.setTransform(s.pixelRatio, 0, 0, s.pixelRatio, 0, 0);
          ctx.clearRect(0, 0, s.width, s.height);
        }
        drawOn(target, own, alpha, frame);
      },
    );
  }, [clock, target, latest]);
  useEffect(() => {
    if (!controlsRef) return;
    controlsRef.current = clock;
    return () => {
      controlsRef.current = null;
    };
  }, [controlsRef, clock]);

  // The drawing context, created once per canvas element (a new contextType is a new element).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ctx = canvas.getContext(contextType, contextAttributes);
    target.ctx = ctx;
    target.is2d = contextType === '2d';
    if (ctx === null) {
      const error = new Error(
        `${OWNER}: canvas.getContext('${contextType}') returned null (${contextType === '2d' ? 'no 2d canvas here: a test DOM?' : `no ${contextType === 'webgl2' ? 'WebGL 2' : 'WebGL'} here: unsupported, disabled, or too many contexts`}), so no render is called; updates still run.`,
      );
      const handler = latest.current.onContextError;
      if (handler) handler(error);
      else if (isDevelopment() && process.env.NODE_ENV !== 'production') console.warn(error.message);
    }
    return () => {
      target.ctx = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- contextAttributes are read when the element mounts
  }, [contextType]);

  // Size the drawing buffer: fixed props, or follow the element's CSS box. A resize clears the
  // buffer; the last frame is drawn again at once (ResizeObserver runs before the paint), not a blank picture until the next frame.
  useEffect(() => {
    const canvas = canvasRef.current;
    const box = fixedSize ? { width: width as number, height: height as number } : null;
    return canvas ? followSize(canvas, target.size, box, maxPixelRatio, () => redraw(clock)) : undefined;
  }, [fixedSize, width, height, maxPixelRatio, contextType, target, clock]);

  // Pause while out of view.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pauseWhenOffscreen || !canvas) return;
    const disconnect = watch(canvas, browser.IntersectionObserver, (entry) => setOffscreen(!entry.isIntersecting));
    return () => {
      disconnect?.();
      setOffscreen(false);
    };
  }, [pauseWhenOffscreen, contextType]);

  const sizeStyle: CSSProperties = {
    display: 'block',
    width: fixedSize ? `${width}px` : '100%',
    height: fixedSize ? `${height}px` : '100%',
    ...style,
  };
  return (
    <FixedClockContext.Provider value={scope}>
      <canvas key={contextType} ref={canvasRef} role="img" aria-label={ariaLabel} style={sizeStyle} {...rest}>
        {children}
      </canvas>
    </FixedClockContext.Provider>
  );
}

/**
 * A `<canvas>` with a fixed clock of its own, which its children join as under a `<FixedClockProvider>`
 * and draw on with `useFixedRender`. See docs/react.md, "`<GameCanvas>`".
 */
export const GameCanvas = forwardRef(GameCanvasImpl) as <T extends GameCanvasContextType = '2d'>(
  props: GameCanvasProps<T> & RefAttributes<HTMLCanvasElement>,
) => ReactElement | null;
(GameCanvas as { displayName?: string }).displayName = 'GameCanvas';
