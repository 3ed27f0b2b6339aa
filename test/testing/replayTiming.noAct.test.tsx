// A production build of React has no `act` (a story in a static Storybook build): replayTiming
// then renders with flushSync, which commits and runs the effects before it returns, and the
// replay is still exact.
import { expect, it, vi } from 'vitest';
import type { TimingRecording } from '../../src/devtools/format.js';
import { replayTiming } from '../../src/testing/replayTiming.js';
import chromiumSession from '../devtools/fixtures/chromium-session.json';
import { createGameLog, TimingGame } from '../devtools/timingGame.js';
import type { GameLog } from '../devtools/timingGame.js';

vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  const withoutAct = { ...actual, act: undefined, unstable_act: undefined };
  return { ...withoutAct, default: withoutAct };
});

it('replays a session recorded in Chromium exactly where React has no act', async () => {
  const react = (await import('react')) as Record<string, unknown>;
  expect(react.act).toBeUndefined(); // the production case this test is about
  const { step, recording, log } = chromiumSession as { step: number; recording: TimingRecording; log: GameLog };
  const replayed = createGameLog();
  const replay = replayTiming(recording, <TimingGame log={replayed} step={step} />);
  replay.finish();
  replay.unmount();
  expect(replayed.steps.length).toBeGreaterThan(20);
  expect(replayed).toEqual(log);
});
