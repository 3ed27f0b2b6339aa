import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CanvasHTMLAttributes, CSSProperties, ForwardedRef, ReactElement, ReactNode, RefAttributes } from 'react';
import type { FixedStepOverload, Interpolation } from '../core/types.js';
import type { FrameInfo } from '../scheduler/types.js';
import { useFixedJob } from '../react/useFixedTimestep.js';
import type { FixedTimestepControls } from '../react/useFixedTimestep.js';
import { useLatest } from '../react/useLatest.js';
import { functionValue, nonNegativeNumber, oneOf, optionalFunction, positiveNumber } from '../core/validate.js';
import { inWords } from '../react/fixedProps.js';
import { isDevelopment } from '../scheduler/devMode.js';

// The development warning tests `process.env.NODE_ENV` where it is, after isDevelopment() (which
// makes reading it safe): a production build replaces it and drops the warning.
declare const process: { env: { NODE_ENV?: string } };

/** The kinds of drawing context `<GameCanvas>` can create. */
export type GameCanvasContextType = '2d' | 'webgl' | 'webgl2';

/** The context `render` receives for each `contextType`. */
export interface GameCanvasContextMap {
  /** `contextType="2d"` (the default): pre-scaled by `pixelRatio`, so `render` draws in CSS pixels. */
  '2d': CanvasRenderingContext2D;
  /** `contextType="webgl"`: not scaled; set `gl.viewport(0, 0, size.pixelWidth, size.pixelHeight)`. */
  webgl: WebGLRenderingContext;
  /** `contextType="webgl2"`: not scaled; set `gl.viewport(0, 0, size.pixelWidth, size.pixelHeight)`. */
  webgl2: WebGL2RenderingContext;
}

/** The canvas size handed to `render` (one reused object, updated on resize). */
export interface GameCanvasSize {
  /** CSS pixels: what a 2d `render` draws in (the context is pre-scaled by `pixelRatio`). */
  width: number;
  /** CSS pixels, like `width`: the canvas's layout height (the `height` prop, or the measured box). */
  height: number;
  /** Device pixels per CSS pixel in use: `min(devicePixelRatio, maxPixelRatio)`. */
  pixelRatio: number;
  /** The drawing buffer in device pixels (`canvas.width`/`height`): use these for `gl.viewport`. */
  pixelWidth: number;
  /** Drawing-buffer height in device pixels: `round(height × pixelRatio)`, equal to `canvas.height`. */
  pixelHeight: number;
}

/** Props of {@link GameCanvas}. */
export interface GameCanvasProps<T extends GameCanvasContextType = '2d'>
  extends Omit<CanvasHTMLAttributes<HTMLCanvasElement>, 'width' | 'height' | 'role' | 'children'> {
  /**
   * Seconds of game time per update. Default `1 / 60`. A change carries the game time already
   * elapsed into the new step grid (nothing lost; pause and time scale kept). Under a
   * `<FixedClockProvider>` the provider's step is used: leave it out, or give the same value (a
   * different one throws).
   */
  step?: number;
  /** Advance the game by `dt` (= step) seconds. Required. */
  update: (dt: number, frame: FrameInfo) => void;
  /** Draw the state blended `alpha` ∈ [0, 1] from the previous to the latest state. Once per frame, after all updates. Required. */
  render: (ctx: GameCanvasContextMap[T], alpha: number, frame: FrameInfo, size: Readonly<GameCanvasSize>) => void;
  /** Which game time the picture shows, i.e. how `alpha` is computed (see {@link Interpolation}). Default `'previous'`. */
  interpolation?: Interpolation;
  /** Most updates per frame. Default 5. */
  maxSteps?: number;
  /**
   * When more than `maxSteps` updates are due in one frame: `'slow-motion'` drops the excess (the
   * game slows down instead of freezing), `'catch-up'` runs it off over the next frames. Default `'slow-motion'`.
   */
  overload?: FixedStepOverload;
  /**
   * Default `'2d'`. A canvas gives one kind of context for its whole life, so a change mounts a
   * new `<canvas>` element (the `ref` and `controlsRef` follow it; the game state in your
   * update is kept).
   */
  contextType?: T;
  /** Options for `getContext` (e.g. `{ alpha: false }`). Read when the canvas element mounts. */
  contextAttributes?: CanvasRenderingContext2DSettings | WebGLContextAttributes;
  /**
   * Called when the canvas gives no drawing context (`getContext` returned null: no WebGL on this
   * machine or browser, too many WebGL contexts, a test DOM without canvas support), with an
   * `Error` naming the context type. Updates keep running; `render` is not called. Without this
   * prop its message is printed with `console.warn` in development.
   */
  onContextError?: (error: Error) => void;
  /** Width in CSS px. With `height`, a fixed size; without both, the canvas fills its parent. */
  width?: number;
  /** Height in CSS px. */
  height?: number;
  /** Cap on device pixels per CSS pixel (sharpness vs. fill cost). Default 2. */
  maxPixelRatio?: number;
  /**
   * Pause game time: no updates run, `render` keeps drawing the same picture. Default false.
   * Independent of the controls: `paused={false}` does not lift a `controlsRef.current.pause()`.
   * Under a `<FixedClockProvider>` it pauses this canvas's updates only; the shared clock runs on.
   */
  paused?: boolean;
  /**
   * Pause game time while the canvas is scrolled out of view (IntersectionObserver). Default false.
   * Coming back into view never lifts a pause made through the controls or `paused`.
   */
  pauseWhenOffscreen?: boolean;
  /** Accessible name. Default `"Game canvas"`. */
  'aria-label'?: string;
  /** Fallback content for browsers and assistive technology that do not show the canvas. */
  children?: ReactNode;
  /** Receives the loop controls (pause, resume, reset, stepOnce, stats). */
  controlsRef?: { current: FixedTimestepControls | null };
}

/** Used when `step` is left out and no `<FixedClockProvider>` is above. */
const DEFAULT_STEP = 1 / 60;

/** Browser globals, read when used (inside effects only): absent on a server and in some test DOMs. */
const browser = globalThis as { devicePixelRatio?: number; ResizeObserver?: typeof ResizeObserver; IntersectionObserver?: typeof IntersectionObserver };

/** The observers `<GameCanvas>` uses: one callback per batch of entries, a target, a disconnect. */
type Observer<E> = new (callback: (entries: E[]) => void) => { observe(target: Element): void; disconnect(): void };

/**
 * Watch `canvas` with `Ctor` (a ResizeObserver or IntersectionObserver), handing the latest entry
 * of each batch to `onEntry`; returns the disconnect. Without the observer (SSR, old browsers, test
 * DOMs) nothing is watched.
 */
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
const CONTEXT_TYPES: readonly GameCanvasContextType[] = ['2d', 'webgl', 'webgl2'];

function GameCanvasImpl<T extends GameCanvasContextType = '2d'>(
  props: GameCanvasProps<T>,
  forwardedRef: ForwardedRef<HTMLCanvasElement>,
): ReactElement {
  const {
    step,
    update,
    render,
    interpolation,
    maxSteps,
    overload,
    contextType = '2d' as T,
    contextAttributes,
    onContextError,
    width,
    height,
    maxPixelRatio = DEFAULT_MAX_PIXEL_RATIO,
    paused,
    pauseWhenOffscreen,
    'aria-label': ariaLabel = 'Game canvas',
    children,
    controlsRef,
    style,
    ...rest
  } = props;

  // Bad props fail here, naming the prop, instead of giving render a NaN-sized or unscaled buffer.
  inWords(OWNER, 'prop', () => {
    if (width !== undefined) nonNegativeNumber(OWNER, 'width', width);
    if (height !== undefined) nonNegativeNumber(OWNER, 'height', height);
    positiveNumber(OWNER, 'maxPixelRatio', maxPixelRatio);
    oneOf(OWNER, 'contextType', contextType, CONTEXT_TYPES);
    functionValue(OWNER, 'render', render);
    optionalFunction(OWNER, 'onContextError', onContextError);
  });

  const canvasRef = useRef<HTMLCanvasElement>(null);
  // No dependency list: the handle follows the element, and a new `contextType` mounts a new one.
  useImperativeHandle(forwardedRef, () => canvasRef.current as HTMLCanvasElement);
  // The latest committed props: their `render` and `onContextError` are the ones called.
  const latest = useLatest(props);
  const ctxRef = useRef<GameCanvasContextMap[T] | null>(null);
  // Filled by the sizing effect below, which runs in the same commit as the effects that add the
  // render job and make the context: no frame can reach `render` before every field is set.
  const size = useRef({} as GameCanvasSize);
  const [offscreen, setOffscreen] = useState(false);
  const fixedSize = width !== undefined && height !== undefined;

  const controls = useFixedJob(OWNER, 'prop', {
    step,
    update,
    interpolation,
    maxSteps,
    overload,
    // One hold on the clock for both reasons; a pause through the controls is separate, so
    // scrolling back into view never lifts it.
    paused: paused || (pauseWhenOffscreen && offscreen),
    render: (alpha: number, frame: FrameInfo) => {
      const ctx = ctxRef.current;
      // No context (happy-dom, jsdom, a lost WebGL context): keep simulating, skip the drawing.
      if (ctx === null) return;
      const s = size.current;
      // Setting canvas.width resets the 2d state, and a previous render may have left a
      // transform behind: start every picture in CSS pixels.
      if (contextType === '2d') (ctx as CanvasRenderingContext2D).setTransform(s.pixelRatio, 0, 0, s.pixelRatio, 0, 0);
      latest.current.render(ctx, alpha, frame, s);
    },
  }, DEFAULT_STEP);
  useEffect(() => {
    if (!controlsRef) return;
    controlsRef.current = controls;
    return () => {
      controlsRef.current = null;
    };
  }, [controlsRef, controls]);

  // The drawing context, created once per canvas element (a new contextType is a new element).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ctx = canvas.getContext(contextType, contextAttributes) as GameCanvasContextMap[T] | null;
    ctxRef.current = ctx;
    if (ctx === null) {
      const error = new Error(
        `${OWNER}: canvas.getContext('${contextType}') returned null (${contextType === '2d' ? 'no 2d canvas here: a test DOM?' : `no ${contextType === 'webgl2' ? 'WebGL 2' : 'WebGL'} here: unsupported, disabled, or too many contexts`}), so render is not called; updates still run.`,
      );
      const handler = latest.current.onContextError;
      if (handler) handler(error);
      else if (isDevelopment() && process.env.NODE_ENV !== 'production') console.warn(error.message);
    }
    return () => {
      ctxRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- contextAttributes are read when the element mounts
  }, [contextType]);

  // Size the drawing buffer: fixed props, or follow the element's CSS box.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // A CSS box: the fixed props, the element's bounding box or a ResizeObserver entry's content box.
    const apply = ({ width: cssWidth, height: cssHeight }: { width: number; height: number }): void => {
      const ratio = Math.min(browser.devicePixelRatio || 1, maxPixelRatio);
      const s = size.current;
      s.width = cssWidth;
      s.height = cssHeight;
      s.pixelRatio = ratio;
      s.pixelWidth = Math.max(0, Math.round(cssWidth * ratio));
      s.pixelHeight = Math.max(0, Math.round(cssHeight * ratio));
      if (canvas.width !== s.pixelWidth) canvas.width = s.pixelWidth;
      if (canvas.height !== s.pixelHeight) canvas.height = s.pixelHeight;
    };
    apply(fixedSize ? { width, height } : canvas.getBoundingClientRect());
    // A measured size follows the element's box; without a ResizeObserver (SSR, old browsers) the
    // first measurement is kept.
    return fixedSize ? undefined : watch(canvas, browser.ResizeObserver, (entry) => apply(entry.contentRect));
  }, [fixedSize, width, height, maxPixelRatio, contextType]);

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
    <canvas key={contextType} ref={canvasRef} role="img" aria-label={ariaLabel} style={sizeStyle} {...rest}>
      {children}
    </canvas>
  );
}

/**
 * A `<canvas>` that runs a fixed-timestep loop: `update(dt)` advances the game in steps of exactly
 * `step` seconds and `render(ctx, alpha, frame, size)` draws once per frame, blended by `alpha`.
 *
 * Sizing: give `width` and `height` in CSS px, or leave them out and the canvas fills its parent
 * (followed with a ResizeObserver). The drawing buffer has `min(devicePixelRatio, maxPixelRatio)`
 * device pixels per CSS pixel; a 2d context is pre-scaled, so `render` draws in CSS px
 * (`size.width` × `size.height`); for WebGL use `size.pixelWidth`/`pixelHeight` for the viewport.
 *
 * The `ref` is the `<canvas>` element. Everything (frame subscriptions, observers) is released on
 * unmount. Without a drawing context (test DOMs), updates still run and `render` is skipped.
 *
 * @example
 * ```tsx
 * <GameCanvas
 *   width={320}
 *   height={180}
 *   update={(dt) => { prevX = x; x = (x + 100 * dt) % 320; }}
 *   render={(ctx, alpha, _frame, size) => {
 *     ctx.clearRect(0, 0, size.width, size.height);
 *     ctx.fillRect(prevX + (x - prevX) * alpha, 80, 20, 20);
 *   }}
 * />
 * ```
 */
export const GameCanvas = forwardRef(GameCanvasImpl) as <T extends GameCanvasContextType = '2d'>(
  props: GameCanvasProps<T> & RefAttributes<HTMLCanvasElement>,
) => ReactElement | null;
(GameCanvas as { displayName?: string }).displayName = 'GameCanvas';
