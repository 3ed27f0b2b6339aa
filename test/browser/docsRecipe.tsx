// The recording recipe of docs/devtools.md ("Recording a session"), run as written on real frames and
// replayed, for every engine: the Chromium test (devtoolsRecording.test.tsx) drives it with real
// input, the Firefox and WebKitGTK page (realFrameLoop.page.tsx) with dispatched events. Frames are
// counted, never timed: it holds at any frame rate.
import type { MouseEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { useFixedClock, useFixedRender } from '../../src/index.js';
import { recordTiming } from '../../src/devtools/index.js';
import type { TimingRecording } from '../../src/devtools/index.js';
import { replayTiming, resetDefaultScheduler } from '../../src/testing/index.js';
import { createGameLog, TimingGame } from '../devtools/timingGame.js';
import type { GameLog } from '../devtools/timingGame.js';

const STEP = 1 / 75;

/** Resolve after `n` real animation frames. */
export function frames(n: number): Promise<void> {
  return new Promise((resolve) => {
    let left = n;
    const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
}

/** The game's log, plus the steps run by each frame's render (the steps per frame). */
export interface RecipeLog extends GameLog {
  stepsByFrame: number[];
}

const createRecipeLog = (): RecipeLog => ({ ...createGameLog(), stepsByFrame: [] });

/** Keeps a clicked button from taking focus: Space on a focused button would click it again. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** A pause button and a slow-motion button on the game's clock. */
function ClockButtons() {
  const clock = useFixedClock();
  return (
    <>
      <button id="pause" onMouseDown={keepFocus} onClick={() => (clock.paused ? clock.resume() : clock.pause())}>pause</button>
      <button id="slow" onMouseDown={keepFocus} onClick={() => clock.setTimeScale(clock.timeScale === 1 ? 0.25 : 1)}>slow</button>
    </>
  );
}

function StepsByFrame({ log }: { log: RecipeLog }) {
  useFixedRender(() => void log.stepsByFrame.push(log.steps.length));
  return null;
}

/** The recipe's `<App />`: a fixed clock, input per step, and the two buttons. */
function RecipeGame({ log }: { log: RecipeLog }) {
  return (
    <TimingGame log={log} step={STEP}>
      <ClockButtons />
      <StepsByFrame log={log} />
    </TimingGame>
  );
}

/** How the session's input arrives: real input in Chromium, dispatched events elsewhere. */
export interface RecipeInput {
  press(code: 'Space'): Promise<void> | void;
  release(code: 'Space'): Promise<void> | void;
  /** A pointer move over the element with this id. */
  hover(id: 'pause' | 'slow'): Promise<void> | void;
  click(id: 'pause' | 'slow'): Promise<void> | void;
}

/** Record a session as docs/devtools.md says, on a fresh default scheduler (as a page load has). */
export async function recordRecipe(input: RecipeInput): Promise<{ json: string; live: RecipeLog }> {
  resetDefaultScheduler();
  const live = createRecipeLog();
  const App = () => <RecipeGame log={live} />;
  const host = document.body.appendChild(document.createElement('div'));
  host.id = 'root';

  // docs/devtools.md, verbatim (the root is kept, to unmount it): the render lands a frame or two later.
  const recorder = recordTiming();
  const root = createRoot(document.getElementById('root')!);
  root.render(<App />);
  const attachTiming = (): string => JSON.stringify(recorder.stop());

  // The first key goes in once the game draws (its input listener is on): 8 frames were not
  // always enough for WebKitGTK on a busy machine, and the first press went to no step.
  await frames(8);
  for (let waited = 0; live.alphas.length < 4 && waited < 600; waited++) await frames(1);
  await input.press('Space');
  await frames(4);
  await input.click('pause');
  await frames(6);
  await input.click('pause');
  await input.click('slow');
  await input.hover('slow');
  await frames(10);
  await input.release('Space');
  await input.click('slow');
  await frames(4);
  await input.press('Space');
  await input.release('Space');
  await frames(8);
  // Stop and unmount in one task: the live log ends on the last recorded frame.
  const json = attachTiming();
  root.unmount();
  host.remove();
  resetDefaultScheduler();
  return { json, live };
}

/** What a replay of the recipe's recording gave, and every way it differs from the session. */
export interface RecipeOutcome {
  /** The recorded frame the game mounted on (frames before it ran with only the recorder). */
  mountFrame: number | undefined;
  frames: number;
  steps: number;
  events: number;
  /** The controls kept, by name (the provider's mount-time setOptions and setInterpolation left out). */
  controls: string[];
  /** Steps the same frames run with the controls left out of the recording. */
  uncontrolledSteps: number;
  /** Empty when the replay is identical and the session exercised what it should. */
  problems: string[];
}

function replay(recording: TimingRecording): RecipeLog {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = env.IS_REACT_ACT_ENVIRONMENT;
  env.IS_REACT_ACT_ENVIRONMENT = true;
  const log = createRecipeLog();
  const replayed = replayTiming(recording, <RecipeGame log={log} />);
  replayed.finish();
  replayed.unmount();
  env.IS_REACT_ACT_ENVIRONMENT = before;
  return log;
}

/** The first place two lists differ, named, or null. */
function firstDifference(what: string, live: readonly unknown[], replayed: readonly unknown[]): string | null {
  const length = Math.max(live.length, replayed.length);
  for (let i = 0; i < length; i++) {
    if (live[i] !== replayed[i]) return `${what} ${i}: live ${JSON.stringify(live[i])}, replay ${JSON.stringify(replayed[i])} (${live.length} live, ${replayed.length} replayed)`;
  }
  return null;
}

/** Parse the saved recording back, as a user would, replay it and compare it with the live log. */
export function replayRecipe(json: string, live: RecipeLog): RecipeOutcome {
  const recording = JSON.parse(json) as TimingRecording;
  const replayed = replay(recording);
  const uncontrolled = replay({ ...recording, controls: undefined });
  const mountFrame = recording.mountFrame;
  const controls = (recording.controls ?? []).filter((c) => c.name !== 'setOptions' && c.name !== 'setInterpolation').map((c) => c.name);
  const problems = [
    firstDifference('steps by frame', live.stepsByFrame, replayed.stepsByFrame),
    firstDifference('step', live.steps, replayed.steps),
    firstDifference('alpha of frame', live.alphas, replayed.alphas),
    typeof mountFrame !== 'number' && 'the recording has no mountFrame: the recorder did not see the app mount',
    live.alphas.length !== recording.frames.length - (mountFrame ?? 0) && `the game saw ${live.alphas.length} frames, the recording has ${recording.frames.length} from mountFrame ${mountFrame}`,
    live.steps.filter((line) => line.includes('keydown:Space')).length !== 2 && 'two Space presses did not reach two steps',
    !live.steps.some((line) => line.includes('pointermove:')) && 'the pointer move reached no step',
    JSON.stringify(controls) !== JSON.stringify(['pause', 'resume', 'setTimeScale', 'setTimeScale']) && `controls kept: ${controls.join(', ')}`,
    uncontrolled.steps.length <= live.steps.length && 'the controls changed nothing: the same frames without them ran no more steps',
  ].filter((problem): problem is string => typeof problem === 'string');
  return { mountFrame, frames: recording.frames.length, steps: live.steps.length, events: recording.events.length, controls, uncontrolledSteps: uncontrolled.steps.length, problems };
}
