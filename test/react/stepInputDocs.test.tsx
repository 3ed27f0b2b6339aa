// The per-step input examples of docs/testing.md, as written there (@testing-library/react for the
// fake-timer one, as in that page's other fake-timer example).
import { afterEach, expect, test, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { FixedClockProvider, useFixedUpdate, useStepInput } from '../../src/index.js';
import { renderWithFrames } from '../../src/testing/index.js';

function Player({ jumps }: { jumps: number[] }) {
  const input = useStepInput();
  useFixedUpdate((_dt, step) => {
    if (input.step.pressed('Space')) jumps.push(step.index);
  });
  return null;
}

const game = (jumps: number[]) => (
  <FixedClockProvider step={1 / 60}>
    <Player jumps={jumps} />
  </FixedClockProvider>
);

const press = (type: 'keydown' | 'keyup', code: string) => act(() => void window.dispatchEvent(new KeyboardEvent(type, { code })));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

test('renderWithFrames: a press is seen by exactly the step whose span holds it', () => {
  const jumps: number[] = [];
  const view = renderWithFrames(game(jumps));
  view.advanceFrames(4); // vblanks at 16.7 (time zero) … 66.7 ms: steps 0 … 2 have run
  view.advanceTime(5); // 71.7 ms: inside step 3's span (66.7 … 83.3 ms)
  press('keydown', 'Space');
  view.advanceFrames(3);
  expect(jumps).toEqual([3]);
  view.unmount();
});

test('fake timers: the same, on the real requestAnimationFrame path', () => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  const jumps: number[] = [];
  render(game(jumps));
  act(() => vi.advanceTimersByTime(100)); // frames at 16 (time zero) … 96 ms; the clock reads 100
  press('keydown', 'Space'); // 84 ms of game time: step 5 (83.3 … 100 ms)
  act(() => vi.advanceTimersByTime(100));
  expect(jumps).toEqual([5]);
});
