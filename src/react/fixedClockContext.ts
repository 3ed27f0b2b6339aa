// The context the fixed-step hooks join (a clock, maybe a canvas), and the clock options checked once
// per render in the user's words (component and prop, never an internal factory) and bound to a clock.
import { createContext, useEffect, useRef } from 'react';
import { checkOptions, checkPropNames, checkValue, finite, optionsArgument, type Noun } from '../core/internal.js';
import type { FixedClock, FrameInfo } from '../scheduler/index.js';
import { CLOCK_RULES, clockRules, isDevelopment, SchedulerClock, type ClockSettings } from '../scheduler/internal.js';
import { useFrameLoop } from './useFrameLoop.js';

/** The kinds of drawing context `<GameCanvas>` can create. */
export type GameCanvasContextType = '2d' | 'webgl' | 'webgl2';

/** The context a render on a `<GameCanvas>` receives for each `contextType`. */
export interface GameCanvasContextMap {
  /** `contextType="2d"` (the default): pre-scaled by `pixelRatio`, so renders draw in CSS pixels. */
  '2d': CanvasRenderingContext2D;
  /** `contextType="webgl"`: not scaled; set `gl.viewport(0, 0, size.pixelWidth, size.pixelHeight)`. */
  webgl: WebGLRenderingContext;
  /** `contextType="webgl2"`: not scaled; set `gl.viewport(0, 0, size.pixelWidth, size.pixelHeight)`. */
  webgl2: WebGL2RenderingContext;
}

/** The canvas size handed to renders (one reused object, updated on resize). */
export interface GameCanvasSize {
  /** CSS pixels: what a 2d render draws in (the context is pre-scaled by `pixelRatio`). */
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

/** What a `<GameCanvas>` hands its own render and its children's (`useFixedRender`): one reused object. */
export interface GameCanvasDraw<T extends GameCanvasContextType = '2d'> {
  /** The drawing context: a 2d one is scaled to the pixel ratio (draw in CSS px); WebGL is not. */
  readonly ctx: GameCanvasContextMap[T];
  /** The canvas's size in CSS and device pixels. */
  readonly size: Readonly<GameCanvasSize>;
}

export interface CanvasTarget {
  ctx: unknown; // null without a context
  size: GameCanvasSize;
  is2d: boolean;
}

/** The nearest clock, and the canvas its renders draw on (`null` under a provider). */
export interface ClockScope {
  clock: FixedClock;
  canvas: CanvasTarget | null;
}

export const FixedClockContext = createContext<ClockScope | null>(null);
FixedClockContext.displayName = 'FixedClockContext';

/** Only with a context; 2d between save() and restore(), so no state leaks into the next render. */
export function drawOn(target: CanvasTarget, render: (alpha: number, frame: FrameInfo, draw: CanvasTarget) => void, alpha: number, frame: FrameInfo): void {
  const ctx = target.ctx as CanvasRenderingContext2D | null;
  if (ctx === null) return;
  if (!target.is2d) return render(alpha, frame, target);
  ctx.save();
  try {
    render(alpha, frame, target);
  } finally {
    ctx.restore();
  }
}

// Before any game job. -Number.MAX_VALUE as a literal: a bundler keeps a property read even if unused.
export const FIRST_IN_STEP = -1.7976931348623157e308;

/** Checked, with defaults; `timeScale` undefined: left as it is. */
export type HookClockSettings = Omit<ClockSettings, 'timeScale'> & { timeScale: number | undefined };

/** The clock options of a hook or component, checked once: unknown names in development (`loose`: only near misses; the rest go to the DOM), then every value. */
export function checkClockOptions(owner: string, noun: Noun, o: Readonly<Record<string, unknown>>, extra: readonly string[], defaultStep?: number, loose = false): HookClockSettings {
  if (/* @__PURE__ */ isDevelopment()) checkPropNames(owner, noun, o, [...CLOCK_NAMES, ...extra], loose);
  const settings = checkOptions(owner, noun, o, defaultStep === undefined ? CLOCK_RULES : clockRules(defaultStep));
  return { ...settings, timeScale: o.timeScale === undefined ? undefined : settings.timeScale };
}
const CLOCK_NAMES = Object.keys(CLOCK_RULES);

/** The `{ priority }` of `useFixedUpdate` / `useFixedRender`, checked like the clock options. */
export function jobPriority(owner: string, options: unknown): number {
  const o = optionsArgument(owner, options, false);
  if (/* @__PURE__ */ isDevelopment()) checkPropNames(owner, 'option', o, PRIORITY_ONLY);
  return checkValue(owner, 'option', 'priority', o.priority, finite(0));
}
const PRIORITY_ONLY = ['priority'];

/**
 * A clock of the caller's own, made in the first render (it subscribes only once a job is added) so
 * children see it at once; it follows `s` at commit, as a render may be thrown away.
 */
export function useOwnClock(s: HookClockSettings): FixedClock {
  const scheduler = useFrameLoop();
  const { step, maxSteps, overload, interpolation, timeScale, paused, priority } = s;
  const made = useRef<SchedulerClock | null>(null);
  // Paused through a hold below, so the prop never lifts the clock's own pause().
  made.current ??= new SchedulerClock(scheduler, { ...s, timeScale: timeScale ?? 1, paused: false });
  const clock = made.current;
  useEffect(() => clock.setScheduler(scheduler), [clock, scheduler]);
  useEffect(() => clock.setOptions({ step, maxSteps, overload }), [clock, step, maxSteps, overload]);
  useEffect(() => clock.setInterpolation(interpolation), [clock, interpolation]);
  useEffect(() => clock.setPriority(priority), [clock, priority]);
  useEffect(() => (timeScale === undefined ? undefined : clock.setTimeScale(timeScale)), [clock, timeScale]);
  useEffect(() => (paused ? clock.hold() : undefined), [clock, paused]);
  return clock;
}
