// The context the fixed-step hooks join (a clock, maybe a canvas), and the clock options checked once
// per render in the user's words (component and prop, never an internal factory) and bound to a clock.
import { createContext, useEffect, useRef } from 'react';
import { INTERPOLATIONS, OVERLOADS } from '../core/fixedStep.js';
import type { FixedStepOverload, Interpolation } from '../core/types.js';
import { booleanValue, finiteNumber, integerAtLeast, oneOf, optionsObject, positiveNumber, timeScaleValue, withDefault } from '../core/validate.js';
import { createFixedClock } from '../scheduler/fixedClock.js';
import type { FixedClock } from '../scheduler/fixedClock.js';
import { isDevelopment } from '../scheduler/devMode.js';
import type { FrameInfo } from '../scheduler/types.js';
import { renameOwner } from './renameOwner.js';
import { useFrameScheduler } from './useFrameScheduler.js';

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

/** What a `<GameCanvas>` hands its children's renders: one reused object. */
export interface GameCanvasDraw<T extends GameCanvasContextType = '2d'> {
  readonly ctx: GameCanvasContextMap[T];
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

export type Noun = 'prop' | 'option';

/** The names of `FixedClockOptions`. */
export const CLOCK_OPTIONS: readonly string[] = ['step', 'maxSteps', 'overload', 'interpolation', 'timeScale', 'paused', 'priority', 'snapToDisplay'];

/** Checked, with defaults; `timeScale` undefined: left as it is. */
export interface ClockSettings {
  step: number;
  maxSteps: number;
  overload: FixedStepOverload;
  interpolation: Interpolation;
  timeScale: number | undefined;
  paused: boolean;
  priority: number;
  snapToDisplay: boolean;
}

/** Check `o` once: unknown names in development (`loose`: only near misses; the rest go to the DOM), then every value. */
export function checkClockOptions(owner: string, noun: Noun, o: Record<string, unknown>, extra: readonly string[], defaultStep?: number, loose = false): ClockSettings {
  return renameOwner(`${owner}: option`, `${owner}: ${noun}`, () => {
    if (/* @__PURE__ */ isDevelopment()) checkNames(owner, noun, o, [...CLOCK_OPTIONS, ...extra], loose);
    const timeScale = o.timeScale;
    return {
      step: positiveNumber(owner, 'step', withDefault(o.step, defaultStep)),
      maxSteps: integerAtLeast(owner, 'maxSteps', withDefault(o.maxSteps, 5), 1),
      overload: oneOf(owner, 'overload', withDefault(o.overload, 'slow-motion'), OVERLOADS),
      interpolation: oneOf(owner, 'interpolation', withDefault(o.interpolation, 'previous'), INTERPOLATIONS),
      timeScale: timeScale === undefined ? undefined : timeScaleValue(owner, 'timeScale', timeScale, false),
      paused: booleanValue(owner, 'paused', withDefault(o.paused, false)),
      priority: finiteNumber(owner, 'priority', withDefault(o.priority, 0)),
      snapToDisplay: booleanValue(owner, 'snapToDisplay', withDefault(o.snapToDisplay, true)),
    };
  });
}

/** The `{ priority }` of `useFixedUpdate` / `useFixedRender`, checked like the clock options. */
export function jobPriority(owner: string, options: unknown): number {
  const o = optionsObject(owner, options, false);
  if (/* @__PURE__ */ isDevelopment()) checkNames(owner, 'option', o, PRIORITY_ONLY);
  return finiteNumber(owner, 'priority', withDefault(o.priority, 0));
}
const PRIORITY_ONLY = ['priority'];

/** Throw a RangeError naming the first unknown key of `o`, its value and the name it most likely misspells. */
function checkNames(owner: string, noun: Noun, o: Record<string, unknown>, known: readonly string[], loose = false): void {
  for (const key in o) {
    if (!Object.prototype.hasOwnProperty.call(o, key) || known.includes(key)) continue;
    // aria-*, data-* and event handlers belong to the element.
    if (loose && (key.includes('-') || /^on[A-Z]/.test(key))) continue;
    const near = nearest(key, known);
    if (loose && near === undefined) continue;
    const hint = near === undefined ? `known: ${known.join(', ')}` : `did you mean \`${near}\`?`;
    throw new RangeError(`${owner}: unknown ${noun} \`${key}\` (got ${describe(o[key])}; ${hint})`);
  }
}

/** The known name `key` most likely misspells: the same letters but case, a typo or two, or a cut-off word. */
function nearest(key: string, known: readonly string[]): string | undefined {
  const k = key.toLowerCase();
  return known.find((name) => {
    const n = name.toLowerCase();
    return distance(k, n) <= 2 || (k.length >= 5 && (n.startsWith(k.slice(0, -1)) || k.startsWith(n)));
  });
}

/** Edit distance; runs only on a mistake. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : typeof value === 'function' ? 'a function' : typeof value === 'object' && value !== null ? 'an object' : String(value);
}

/**
 * A clock of the caller's own, made in the first render (it subscribes only once a job is added) so
 * children see it at once; it follows `s` at commit, as a render may be thrown away.
 */
export function useOwnClock(s: ClockSettings): FixedClock {
  const scheduler = useFrameScheduler();
  const { step, maxSteps, overload, interpolation, timeScale, paused, priority } = s;
  const made = useRef<FixedClock | null>(null);
  made.current ??= createFixedClock(scheduler, { step, maxSteps, overload, interpolation, priority, timeScale: timeScale ?? 1, snapToDisplay: s.snapToDisplay });
  const clock = made.current;
  useEffect(() => clock.setScheduler(scheduler), [clock, scheduler]);
  useEffect(() => clock.setOptions({ step, maxSteps, overload }), [clock, step, maxSteps, overload]);
  useEffect(() => clock.setInterpolation(interpolation), [clock, interpolation]);
  useEffect(() => clock.setPriority(priority), [clock, priority]);
  useEffect(() => (timeScale === undefined ? undefined : clock.setTimeScale(timeScale)), [clock, timeScale]);
  useEffect(() => (paused ? clock.hold() : undefined), [clock, paused]);
  return clock;
}
