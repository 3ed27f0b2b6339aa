// The real-frame-loop checks of realFrameLoop.test.tsx, and the docs' recording recipe of
// devtoolsRecording.test.tsx, as a plain page for browsers Vitest cannot drive here (Firefox and
// WebKitGTK: test/browser/runInEngine.mjs bundles and opens it). Results go to window.__results;
// only "frames advanced" is asserted about time, never durations.
import { createRoot } from 'react-dom/client';
import { FixedClockProvider, FrameProvider, GameCanvas, useFixedTimestep, useFixedUpdate, useRefreshRate, useStepInput } from '../../src/index.js';
import type { TimingRecording } from '../../src/devtools/index.js';
import { replayTiming } from '../../src/testing/index.js';
import session from '../devtools/fixtures/chromium-session.json';
import { recordRecipe, replayRecipe } from './docsRecipe.js';
import { resizeBetweenFrames } from './canvasResize.js';
import type { ResizeSeen } from './canvasResize.js';
import type { RecipeInput, RecipeOutcome } from './docsRecipe.js';

type RefreshRateSnapshot = ReturnType<typeof useRefreshRate>;

interface Results {
  canvas?: { updates: number; renders: number; minAlpha: number; maxAlpha: number; green: number };
  rate?: { refreshRate: number; confidence: number; state: string; steps: number };
  /** A <GameCanvas> resized between frames, as a later ResizeObserver saw it. */
  resize?: ResizeSeen;
  /** The pointer positions a game sees replaying a session recorded in Chromium (x,y rounded). */
  replayedPointer?: string[];
  /** The docs' recording recipe run on real frames with dispatched input, then replayed. */
  recipe?: RecipeOutcome;
  /** The first animation frames' timestamps, ms: what this engine's clock looks like. */
  timestampsMs: number[];
  errors: string[];
  done: boolean;
}
const results: Results = { timestampsMs: [], errors: [], done: false };
const TIMESTAMPS = 120;
const timestampsRecorded = new Promise<void>((resolve) => {
  const record = (timestampMs: number) => {
    results.timestampsMs.push(timestampMs);
    if (results.timestampsMs.length < TIMESTAMPS) requestAnimationFrame(record);
    else resolve();
  };
  requestAnimationFrame(record);
});
(window as unknown as { __results: Results }).__results = results;
window.addEventListener('error', (event) => results.errors.push(String(event.message)));
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  results.errors.push(args.map(String).join(' '));
  consoleError(...args);
};

/** Resolve once `predicate` holds, checking on real animation frames; reject after `frames` frames. */
function untilFrames(predicate: () => boolean, frames = 600): Promise<void> {
  return new Promise((resolve, reject) => {
    let left = frames;
    const tick = () => {
      if (predicate()) return resolve();
      if ((left -= 1) <= 0) return reject(new Error('condition not met on real frames'));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

function mount(element: React.ReactElement): { host: HTMLElement; unmount: () => void } {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  root.render(element);
  return { host, unmount: () => root.unmount() };
}

async function canvasCheck(): Promise<void> {
  const seen = { updates: 0, renders: 0, minAlpha: Infinity, maxAlpha: -Infinity, x: 0 };
  const { host, unmount } = mount(
    <FrameProvider>
      <GameCanvas
        width={120}
        height={60}
        step={1 / 30}
        update={(dt) => {
          seen.updates += 1;
          seen.x = (seen.x + 100 * dt) % 100;
        }}
        render={(alpha, _frame, { ctx }) => {
          seen.renders += 1;
          seen.minAlpha = Math.min(seen.minAlpha, alpha);
          seen.maxAlpha = Math.max(seen.maxAlpha, alpha);
          ctx.fillStyle = '#000';
          ctx.fillRect(0, 0, 120, 60);
          ctx.fillStyle = '#0f0';
          ctx.fillRect(seen.x, 20, 20, 20);
        }}
      />
    </FrameProvider>,
  );
  await untilFrames(() => seen.renders >= 20 && seen.updates >= 5);
  const canvas = host.querySelector('canvas')!;
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let green = 0;
  for (let i = 0; i < data.length; i += 4) if ((data[i + 1] ?? 0) > 200 && (data[i] ?? 0) < 50) green += 1;
  results.canvas = { updates: seen.updates, renders: seen.renders, minAlpha: seen.minAlpha, maxAlpha: seen.maxAlpha, green };
  unmount();
}

async function resizeCheck(): Promise<void> {
  const mounted: Array<() => void> = [];
  results.resize = await resizeBetweenFrames((element) => {
    const { host, unmount } = mount(element);
    mounted.push(unmount);
    return host;
  }, untilFrames);
  for (const unmount of mounted) unmount();
}

async function rateCheck(): Promise<void> {
  const latest: { rate: RefreshRateSnapshot | null; steps: number } = { rate: null, steps: 0 };
  function Probe() {
    latest.rate = useRefreshRate();
    useFixedTimestep({ step: 1 / 60, update: () => void (latest.steps += 1) });
    return null;
  }
  const { unmount } = mount(
    <FrameProvider>
      <Probe />
    </FrameProvider>,
  );
  await untilFrames(() => latest.steps >= 10 && latest.rate !== null && latest.rate.state !== 'measuring');
  const rate = latest.rate!;
  results.rate = { refreshRate: rate.refreshRate, confidence: rate.confidence, state: rate.state, steps: latest.steps };
  unmount();
}

/** Replays the recorded session (test/devtools/fixtures) as story 27 does and keeps the pointer positions. */
function replayCheck(): void {
  const fixture = session as unknown as { step: number; recording: TimingRecording };
  const seen: string[] = [];
  function Game() {
    const input = useStepInput();
    useFixedUpdate(() => {
      for (let i = 0; i < input.step.count; i++) {
        const event = input.step.event(i);
        if (event.kind === 'pointermove') seen.push(`${Math.round(event.x)},${Math.round(event.y)}`);
      }
    });
    return null;
  }
  const host = document.createElement('div');
  document.body.appendChild(host);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const replay = replayTiming(fixture.recording, <FixedClockProvider step={fixture.step}><Game /></FixedClockProvider>, { container: host });
  replay.finish();
  replay.unmount();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  results.replayedPointer = seen;
}

/** Input as dispatched events (synthetic: no WebDriver input here), where Chromium's test has real input. */
const dispatched: RecipeInput = {
  press: (code) => void document.body.dispatchEvent(new KeyboardEvent('keydown', { code, key: ' ', bubbles: true })),
  release: (code) => void document.body.dispatchEvent(new KeyboardEvent('keyup', { code, key: ' ', bubbles: true })),
  hover(id) {
    const button = document.getElementById(id)!;
    const box = button.getBoundingClientRect();
    button.dispatchEvent(new PointerEvent('pointermove', { clientX: Math.round(box.x + box.width / 2), clientY: Math.round(box.y + box.height / 2), bubbles: true }));
  },
  click: (id) => document.getElementById(id)!.click(),
};

/** First, on the page's fresh default scheduler, as the recipe runs after a page load. */
async function recipeCheck(): Promise<void> {
  const { json, live } = await recordRecipe(dispatched);
  results.recipe = replayRecipe(json, live);
}

recipeCheck()
  .then(canvasCheck)
  .then(resizeCheck)
  .then(rateCheck)
  .then(replayCheck)
  .then(() => timestampsRecorded)
  .catch((error: unknown) => results.errors.push(String(error)))
  .finally(() => {
    results.done = true;
  });
