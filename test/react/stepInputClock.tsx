// Per-step input with NO timestamp option, the way the docs test a game: under vitest fake timers
// (the real requestAnimationFrame path) and under renderWithFrames. Shared by the happy-dom file
// and the jsdom one (jsdom stamps events with Date.now(), epoch milliseconds).
import { afterEach, expect, it, vi } from 'vitest';
import { act, StrictMode } from 'react';
import { FixedClockProvider } from '../../src/react/FixedClockProvider.js';
import { useFixedUpdate } from '../../src/react/useFixedUpdate.js';
import { useStepInput } from '../../src/react/useStepInput.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted, render } from './helpers.js';

interface Row {
  startMs: number;
  endMs: number;
  pressed: boolean;
  down: boolean;
}

function Player({ rows }: { rows: Row[] }) {
  const input = useStepInput();
  useFixedUpdate((_dt, step) => {
    rows.push({ startMs: step.stepStartTimestampMs, endMs: step.stepEndTimestampMs, pressed: input.step.pressed('Space'), down: input.step.isDown('Space') });
  });
  return null;
}

const game = (rows: Row[]) => (
  <StrictMode>
    <FixedClockProvider step={1 / 60}>
      <Player rows={rows} />
    </FixedClockProvider>
  </StrictMode>
);

function press(type: 'keydown' | 'keyup'): void {
  act(() => {
    window.dispatchEvent(new KeyboardEvent(type, { code: 'Space', key: ' ' }));
  });
}

/** One step saw the press made at `atMs`: the one whose span holds it; the key is held from there until the release. */
function expectSeenOnce(rows: Row[], atMs: number): void {
  const seen = rows.filter((r) => r.pressed);
  expect(seen).toHaveLength(1);
  expect([seen[0]!.startMs < atMs, seen[0]!.endMs >= atMs]).toEqual([true, true]);
  expect(rows.slice(rows.indexOf(seen[0]!)).every((r) => r.down)).toBe(true);
}

export function defineDefaultTimestampTests(): void {
  afterEach(() => {
    cleanupMounted();
    vi.useRealTimers();
  });

  it('under the fake-timer recipe a key press reaches exactly the step whose span holds it', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const rows: Row[] = [];
    render(game(rows));
    act(() => vi.advanceTimersByTime(100)); // frames at 16 … 96; the clock is at 100 ms
    const pressedAt = performance.now();
    press('keydown');
    act(() => vi.advanceTimersByTime(100));
    expectSeenOnce(rows, pressedAt);
  });

  it('under renderWithFrames with default options a key press reaches exactly the step whose span holds it', () => {
    const rows: Row[] = [];
    const view = renderWithFrames(game(rows));
    view.advanceFrames(4);
    view.advanceTime(5); // between two vblanks
    const pressedAt = view.source.now();
    press('keydown');
    view.advanceFrames(4);
    expectSeenOnce(rows, pressedAt);
    press('keyup');
    view.advanceFrames(2);
    expect(rows.at(-1)!.down).toBe(false);
    view.unmount();
  });
}
