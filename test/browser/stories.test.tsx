// The stories in real Chromium, for what a story's own play function cannot check: a control
// change reaches the running demo without a remount (the same canvas element, the history kept),
// the transport bar's pause freezes the picture and its single step runs exactly one frame, the
// story fits a phone (390 px, and the narrower column of a docs page there), and, with
// VITE_SCREENSHOTS=1, screenshots at 1280 and 390 px wide are written to test-results/screenshots/
// for review (11 of the file's 46 core-seconds: not in every npm test). Any console.error,
// uncaught error or unhandled rejection on the page fails the test. Every wait counts animation
// frames, not milliseconds: the machine may run the page at 15 fps.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta, StoryObj } from '@storybook/react-vite';
import preview from '../../.storybook/preview.js';
import { StoryFrame, UPDATE_ARGS_EVENT, claimDocsLive } from '../../stories/kit/StoryFrame.js';
import { useRafLoop } from '../../stories/kit/loop.js';
import * as VariableVsFixed from '../../stories/VariableVsFixed.stories.js';
import * as Interpolation from '../../stories/Interpolation.stories.js';
import * as Overload from '../../stories/Overload.stories.js';
import * as SyncedSlices from '../../stories/SyncedSlices.stories.js';
import * as DeltaSmoothing from '../../stories/DeltaSmoothing.stories.js';
import * as AdaptiveFramerate from '../../stories/AdaptiveFramerate.stories.js';
import * as RefreshRate from '../../stories/RefreshRate.stories.js';
import * as GameCanvasStories from '../../stories/GameCanvas.stories.js';
import * as Comparison from '../../stories/Comparison.stories.js';
import * as Interpolated from '../../stories/Interpolated.stories.js';
import * as StepInput from '../../stories/StepInput.stories.js';
import * as GameClock from '../../stories/GameClock.stories.js';
import * as Vblank from '../../stories/start/Vblank.stories.js';
import * as Alpha from '../../stories/start/Alpha.stories.js';
import * as WellOfDespair from '../../stories/WellOfDespair.stories.js';
import * as SyncedUpdate from '../../stories/hooks/SyncedUpdate.stories.js';
import * as FrameRateCap from '../../stories/hooks/FrameRateCap.stories.js';
import * as SharedCanvas from '../../stories/SharedCanvas.stories.js';

setProjectAnnotations([preview]);

/** Resolve after `n` real animation frames. */
function frames(n: number): Promise<void> {
  return new Promise((resolve) => {
    let left = n;
    const tick = () => ((left -= 1) <= 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
}

/** The raw number of a readout cell (its data-value). */
function value(root: HTMLElement, id: string): number {
  const cell = root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!cell) throw new Error(`no [data-testid="${id}"]`);
  return Number(cell.dataset.value);
}

/** Poll on real frames until `predicate` holds; reject with `what` after `limit` frames. */
async function until(predicate: () => boolean, what: string, limit = 900): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (predicate()) return;
    await frames(1);
  }
  throw new Error(`not reached on real frames: ${what}`);
}

/** How far the readout `id` advances in `n` frames. */
async function advance(root: HTMLElement, id: string, n: number): Promise<number> {
  // Readouts refresh every 100 ms: wait for a fresh value on both ends.
  const start = value(root, id);
  await frames(n);
  await new Promise((resolve) => setTimeout(resolve, 120));
  return value(root, id) - start;
}

function pixels(canvas: HTMLCanvasElement | null): string {
  return canvas ? canvas.toDataURL() : '';
}

interface Case {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  module: { default: Meta<any> } & Record<string, unknown>;
  story: string;
  /** The control change pushed into the running story. */
  change: Record<string, unknown>;
  /** Before the change: a baseline, returned to `changed`. */
  before?: (root: HTMLElement) => Promise<number>;
  /** Resolves once the change shows in the running story. */
  changed: (root: HTMLElement, baseline: number) => Promise<void>;
  /** The story counts its own loop's frames in the `frames` readout (stops while paused, +1 per step). */
  loopFrames: boolean;
  /** Also the README's picture docs/images/<name>.png (written only with VITE_DOCS_IMAGES=1). */
  docsImage?: { ready?: (root: HTMLElement) => boolean };
}

// `VITE_DOCS_IMAGES=1 npx vitest run --project browser test/browser/stories.test.tsx` regenerates
// the README's pictures from the current stories (before any control change, at 1280 px).
const writeDocsImages = import.meta.env.VITE_DOCS_IMAGES === '1';
const writeScreenshots = import.meta.env.VITE_SCREENSHOTS === '1';

const cases: Case[] = [
  {
    name: 'vblank',
    module: Vblank,
    story: 'MissedVblanks',
    change: { workMs: 40 },
    // 40 ms of work: a picture every third vblank.
    changed: (root) => until(() => value(root, 'slowMax') === 3, 'three vblanks a picture'),
    loopFrames: true,
  },
  {
    name: 'alpha',
    module: Alpha,
    story: 'TenUpdatesASecond',
    docsImage: {},
    change: { updateRate: 20 },
    changed: (root) => until(() => value(root, 'updateRate') === 20, 'twenty updates a second'),
    loopFrames: true,
  },
  {
    name: 'variable-vs-fixed',
    module: VariableVsFixed,
    story: 'SameThrowTwoComputers',
    docsImage: { ready: (root) => value(root, 'variableGap') > 0.05 },
    change: { launchSpeed: 10 },
    changed: (root) => until(() => Math.abs(value(root, 'exactApex') - 100 / (2 * 9.81)) < 1e-9, 'exact apex of a 10 m/s throw'),
    loopFrames: true,
  },
  {
    name: 'interpolation',
    module: Interpolation,
    story: 'AllModes',
    // Mid-lap (a 2 s lap at 60 simulated frames a second): no lane is wrapping round its end.
    docsImage: { ready: (root) => value(root, 'frames') > 120 && value(root, 'frames') % 120 > 40 && value(root, 'frames') % 120 < 80 },
    change: { updateRate: 10 },
    // 'previous' lags one step: 40 ms at 25 Hz, 100 ms at 10 Hz (plus the frame); the mean moves up.
    changed: (root) => until(() => value(root, 'lag-previous') > 60, "'previous' lag above 60 ms at 10 Hz"),
    loopFrames: true,
  },
  {
    name: 'well-of-despair',
    module: WellOfDespair,
    story: 'ConstantOverload',
    change: { stepCostMs: 10 },
    // Affordable steps: the bounded lanes' frames shrink from seven vblanks.
    changed: (root) => until(() => value(root, 'slowFrameMs') < 3 * (1000 / 60), 'frames of at most two vblanks'),
    loopFrames: true,
  },
  {
    name: 'overload',
    module: Overload,
    story: 'Spikes',
    change: { pattern: 'constant', maxSteps: 2 },
    changed: async (root) => {
      await until(() => value(root, 'slowMaxSteps') === 2 && value(root, 'catchUpMaxSteps') === 2, 'two updates in a frame');
      await frames(20);
      expect(value(root, 'slowMaxSteps')).toBe(2);
    },
    loopFrames: true,
  },
  {
    name: 'synced-slices',
    module: SyncedSlices,
    story: 'ThreeWays',
    change: { stallMs: 300 },
    // A stall past six intervals: slow motion withholds the excess.
    changed: (root) => until(() => value(root, 'nearestDroppedMs') > 100, 'time withheld by slow motion', 1200),
    loopFrames: true,
  },
  {
    name: 'delta-smoothing',
    module: DeltaSmoothing,
    story: 'Heartbeat',
    change: { heartbeatMs: 0, jitterMs: 0.5, dropEvery: 20 },
    changed: (root) => until(() => value(root, 'upFlaps') > 0, "rounding 'up' flaps on dropped frames", 1200),
    loopFrames: true,
  },
  {
    name: 'adaptive-framerate',
    module: AdaptiveFramerate,
    story: 'LoadCycle',
    change: { profile: 'manual', loadMs: 40 },
    changed: (root) => until(() => value(root, 'workMs') === 40, 'work 40 ms'),
    loopFrames: true,
  },
  {
    name: 'refresh-rate',
    module: RefreshRate,
    story: 'YourDisplay',
    change: { loadMs: 40 },
    before: async (root) => {
      await until(() => value(root, 'state') === 1, 'the display measured and synced');
      return value(root, 'refreshRate');
    },
    // 40 ms of real work per frame: frames two or three vblanks apart; the naive reading drops, the detected rate stays put.
    changed: async (root, detected) => {
      await until(() => value(root, 'naiveHz') < 0.75 * detected, '1 / last interval drops');
      await frames(30);
      expect(value(root, 'refreshRate')).toBe(detected);
    },
    loopFrames: true,
  },
  {
    name: 'game-canvas',
    module: GameCanvasStories,
    story: 'Balls',
    docsImage: {},
    change: { interpolation: 'ahead' },
    // The right panel's caption names the mode it now runs.
    changed: async (root) => {
      await until(() => (root.textContent ?? '').includes("right: interpolation 'ahead'"), 'caption follows the control');
    },
    loopFrames: false,
  },
  {
    name: 'comparison',
    module: Comparison,
    story: 'Lag',
    docsImage: { ready: (root) => root.querySelector('[data-testid="matrix"]')?.getAttribute('data-done') === 'yes' },
    change: { metric: 'speed' },
    changed: (root) => until(() => (root.querySelector('[data-testid="caption"]')?.textContent ?? '').toLowerCase().includes('speed'), 'caption shows game speed'),
    loopFrames: false,
  },
  {
    name: 'interpolated-teleport',
    module: Interpolated,
    story: 'Teleport',
    change: { updateRate: 60 },
    before: (root) => advance(root, 'steps', 30),
    changed: async (root, baseline) => {
      await frames(5);
      expect(await advance(root, 'steps', 30)).toBeGreaterThan(3 * Math.max(1, baseline));
    },
    loopFrames: false,
  },
  {
    name: 'step-input',
    module: StepInput,
    story: 'ScriptedKeys',
    change: { updateRate: 300 },
    changed: (root) => until(() => value(root, 'maxStepsInFrame') >= 3, 'several steps in one frame at 300 Hz'),
    loopFrames: false,
  },
  {
    name: 'synced-update',
    module: SyncedUpdate,
    story: 'ThreePolicies',
    change: { stallMs: 400 },
    // 400 ms: 'variable' runs it all in one slice.
    changed: (root) => until(() => value(root, 'variableStallGameMs') > 390, 'a 400 ms stall in one slice', 1200),
    loopFrames: true,
  },
  {
    name: 'frame-rate-cap',
    module: FrameRateCap,
    story: 'Display144',
    change: { maxFrameRate: 30 },
    // 30 on 144 Hz: every 5th vblank.
    changed: (root) => until(() => value(root, 'divisor') === 5, 'every 5th vblank'),
    loopFrames: true,
  },
  {
    name: 'shared-canvas',
    module: SharedCanvas,
    story: 'ThreeComponents',
    change: { updateRate: 120 },
    changed: (root) => until(() => value(root, 'priorityFrames') > 30 && value(root, 'priorityOutOfOrder') === 0, 'drawn in order at 120 Hz'),
    loopFrames: false,
  },
  {
    name: 'game-clock',
    module: GameClock,
    story: 'ThreeComponents',
    change: { updateRate: 120 },
    before: (root) => advance(root, 'lastStep', 30),
    changed: async (root, baseline) => {
      await frames(5);
      expect(await advance(root, 'lastStep', 30)).toBeGreaterThan(3 * Math.max(1, baseline));
    },
    loopFrames: false,
  },
];

let root: Root | null = null;
let host: HTMLElement | null = null;
let errors: string[] = [];
const originalError = console.error;
const onError = (event: ErrorEvent) => errors.push(`uncaught: ${event.message}`);
const onRejection = (event: PromiseRejectionEvent) => errors.push(`unhandled rejection: ${String(event.reason)}`);

beforeAll(() => {
  console.error = (...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
    originalError(...args);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
});
afterAll(() => {
  console.error = originalError;
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
});
afterEach(() => {
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
});

/** The story's column on a docs page at 390 px (measured in the built Storybook): the page pads it and frames the story. */
const DOCS_COLUMN_PX = 248;

function mount(c: Case): HTMLElement {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Story = composeStory(c.module[c.story] as StoryObj<any>, c.module.default);
  host = document.createElement('div');
  host.style.padding = '8px';
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(<Story />);
  return host;
}

describe('stories in Chromium', () => {
  for (const c of cases) {
    it(`${c.name}: a control acts without a remount, pause freezes the picture, step runs one frame, fits a phone`, async () => {
      errors = [];
      await page.viewport(1280, 900);
      const el = mount(c);
      await until(() => el.querySelector('[data-testid="story-root"]') !== null, 'story rendered');
      await frames(20);
      if (writeDocsImages && c.docsImage) {
        const ready = c.docsImage.ready;
        if (ready) await until(() => ready(el), `${c.name} ready for its picture`, 900);
        else await frames(90);
        await page.screenshot({ element: el.querySelector('[data-testid="story-root"]')!, path: `../../docs/images/${c.name}.png` });
      }
      const canvas = el.querySelector('canvas');
      const framesBefore = c.loopFrames ? value(el, 'frames') : Number.NaN;
      const baseline = c.before ? await c.before(el) : 0;

      // The control change, the way the controls panel's re-render delivers it.
      window.dispatchEvent(new CustomEvent(UPDATE_ARGS_EVENT, { detail: c.change }));
      await c.changed(el, baseline);
      // Not remounted: the same canvas element, and the frame count carried on from where it was.
      expect(el.querySelector('canvas')).toBe(canvas);
      if (c.loopFrames) expect(value(el, 'frames')).toBeGreaterThan(framesBefore);

      // Pause: the picture stops.
      (el.querySelector('[data-testid="transport-pause"]') as HTMLButtonElement).click();
      // A plot and the readouts show the last samples on their own timers (every 250 and 100 ms),
      // which a busy page runs late (a CI run caught a plot's redraw after the first look): the
      // picture must settle (two looks 300 ms apart alike, by the third look) and then stay so.
      const look = async () => {
        await frames(3);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return pixels(canvas);
      };
      let still = await look();
      for (let tries = 0, next = await look(); next !== still; tries += 1, next = await look()) {
        if (tries >= 2) throw new Error('the canvas kept changing while paused (three looks 300 ms apart)');
        still = next;
      }
      const pausedFrames = c.loopFrames ? value(el, 'frames') : Number.NaN;
      await frames(15);
      expect((await look()) === still, 'canvas unchanged while paused').toBe(true);
      if (c.loopFrames) {
        expect(value(el, 'frames')).toBe(pausedFrames);
        // Single step: exactly one frame of the story's loop.
        (el.querySelector('[data-testid="transport-step"]') as HTMLButtonElement).click();
        await frames(4);
        await new Promise((resolve) => setTimeout(resolve, 120));
        expect(value(el, 'frames')).toBe(pausedFrames + 1);
      }

      // No "NaN" on screen, no console.error.
      expect(el.innerText).not.toMatch(/\bNaN\b/);
      expect(errors).toEqual([]);

      // For review (not compared): the story at a desktop and a phone width.
      if (writeScreenshots) await page.screenshot({ path: `../../test-results/screenshots/${c.name}-1280.png` });
      await page.viewport(390, 844);
      await frames(5);
      if (writeScreenshots) await page.screenshot({ path: `../../test-results/screenshots/${c.name}-390.png` });
      // Nothing wider than the phone's screen (the canvases and plots follow the width), with the
      // folded readouts and plots opened too.
      for (const details of el.querySelectorAll('details')) details.open = true;
      await frames(5);
      await new Promise((resolve) => setTimeout(resolve, 120));
      const widest = Math.max(...[...el.querySelectorAll('canvas, .uplot')].map((node) => node.getBoundingClientRect().right));
      expect(widest).toBeLessThanOrEqual(390 + 1);
      // … and the page does not scroll sideways (tables scroll inside themselves, labels wrap).
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
      // On a docs page the story has a narrower column: every lane and plot still fits in it.
      el.style.width = `${DOCS_COLUMN_PX}px`;
      await frames(5);
      await new Promise((resolve) => setTimeout(resolve, 120));
      const column = el.getBoundingClientRect().right;
      const overflowing = [...el.querySelectorAll('canvas, .uplot, table')].filter((node) => node.getBoundingClientRect().right > column + 1 || node.scrollWidth > node.clientWidth + 1);
      expect(overflowing.map((node) => node.outerHTML.slice(0, 80))).toEqual([]);
      expect(errors).toEqual([]);
    }, 240_000);
  }
});

describe('docs pages', () => {
  it('run one story instance per component live; the others start paused', () => {
    const first = claimDocsLive('Algorithms/X');
    const second = claimDocsLive('Algorithms/X');
    expect(first.live).toBe(true);
    expect(second.live).toBe(false);
    expect(claimDocsLive('Algorithms/Y').live).toBe(true);
    // Leaving the page frees the slot: the next visit's first story runs again.
    second.release();
    expect(claimDocsLive('Algorithms/X').live).toBe(false);
    first.release();
    expect(claimDocsLive('Algorithms/X').live).toBe(true);
  });

  it('a story that starts paused runs no frame until Play', async () => {
    const counted = { frames: 0 };
    function Counter() {
      useRafLoop(() => {
        counted.frames += 1;
      });
      return null;
    }
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    root.render(<StoryFrame initiallyPaused>{() => <Counter />}</StoryFrame>);
    await frames(20);
    expect(counted.frames).toBe(0);
    expect(host.textContent).toContain('Press Play');
    (host.querySelector('[data-testid="transport-pause"]') as HTMLButtonElement).click();
    await until(() => counted.frames >= 5, 'frames after Play');
  });
});

describe('canvases at a 2× pixel ratio', () => {
  // (uPlot sizes its own canvases by the ratio it reads at load and on a ratio change.)
  it('the lanes size their backing store by devicePixelRatio', { timeout: 120_000 }, async () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'devicePixelRatio');
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, get: () => 2 });
    try {
      const el = mount(cases.find((c) => c.name === 'interpolation')!);
      await until(() => (el.querySelector<HTMLCanvasElement>('[data-testid="lanes"]')?.width ?? 0) > 0, 'lanes drawn');
      await frames(10);
      const lanes = el.querySelector<HTMLCanvasElement>('[data-testid="lanes"]')!;
      expect(lanes.width).toBe(Math.round(lanes.getBoundingClientRect().width * 2));
      expect(lanes.height).toBe(Math.round(lanes.getBoundingClientRect().height * 2));
    } finally {
      if (descriptor) Object.defineProperty(window, 'devicePixelRatio', descriptor);
      else delete (window as { devicePixelRatio?: number }).devicePixelRatio;
    }
  });
});
