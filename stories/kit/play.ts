import { expect, userEvent, within } from 'storybook/test';
import { readoutTicks } from './Readout.js';
import { UPDATE_ARGS_EVENT } from './StoryFrame.js';

/**
 * The play functions' helpers. Every wait is counted in animation frames, never in milliseconds: a
 * busy machine runs the stories at 15 fps, and a story whose display is simulated then plays
 * slower, not differently. So no play function assumes ~60 fps.
 */

/** Frames one wait may take before it fails (15 s at 60 fps, a minute at 15 fps). */
export const WAIT_FRAMES = 900;

/** Resolve after `n` real animation frames. */
export function frames(n: number): Promise<void> {
  return new Promise((resolve) => {
    let left = n;
    const tick = () => ((left -= 1) <= 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
}

/** Wait until the next refresh of every readout (they refresh together, in one timer tick, every 100 ms). */
export async function refreshed(): Promise<void> {
  const seen = readoutTicks();
  await until(() => readoutTicks() > seen, () => 'no readout refreshed');
}

/** The raw number a readout cell holds (its data-value attribute). */
export function readValue(root: HTMLElement, testId: string): number {
  const cell = root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (!cell) throw new Error(`no element with data-testid="${testId}"`);
  return Number(cell.dataset.value);
}

/** Poll on animation frames until `check` holds; fail with `what()` after `limit` frames. */
export async function until(check: () => boolean, what: () => string, limit = WAIT_FRAMES): Promise<void> {
  for (let frame = 0; frame < limit; frame += 1) {
    if (check()) return;
    await frames(1);
  }
  throw new Error(`not within ${limit} frames: ${what()}`);
}

/**
 * Wait until the readout `testId` satisfies `predicate`; fail with the last value seen after
 * `limit` animation frames. Returns the value.
 */
export async function waitForValue(root: HTMLElement, testId: string, predicate: (value: number) => boolean, limit = WAIT_FRAMES): Promise<number> {
  let value = Number.NaN;
  await until(
    () => {
      value = readValue(root, testId);
      return predicate(value);
    },
    () => `${testId} = ${value}`,
    limit,
  );
  return value;
}

/** Wait until the frame counter `testId` has advanced by at least `n` from its current value. */
export async function expectFramesAdvance(root: HTMLElement, testId = 'frames', n = 10): Promise<void> {
  const start = await waitForValue(root, testId, Number.isFinite);
  await waitForValue(root, testId, (value) => value >= start + n);
}

/** Click the button whose accessible name matches `name`. */
export async function clickButton(root: HTMLElement, name: string | RegExp): Promise<void> {
  await userEvent.click(within(root).getByRole('button', { name }));
}

/** Change the running story's args the way the Controls panel does (the story re-renders, it is not remounted). */
export function updateArgs(args: Record<string, unknown>): void {
  window.dispatchEvent(new CustomEvent(UPDATE_ARGS_EVENT, { detail: args }));
}

/**
 * The transport bar: after "Pause" the counter `testId` stops; each "Step one frame" advances it by
 * exactly one; "Play" lets it run again.
 */
export async function expectPauseAndSingleStep(root: HTMLElement, testId = 'frames'): Promise<void> {
  const ui = within(root);
  await waitForValue(root, testId, (n) => n > 5);
  await userEvent.click(ui.getByTestId('transport-pause'));
  // The frame in flight, then a readout refresh.
  await frames(3);
  await refreshed();
  const stopped = readValue(root, testId);
  await frames(10);
  await refreshed();
  await expect(readValue(root, testId)).toBe(stopped);
  for (let step = 1; step <= 2; step += 1) {
    await userEvent.click(ui.getByTestId('transport-step'));
    await waitForValue(root, testId, (n) => n === stopped + step);
    await frames(5);
    await refreshed();
    await expect(readValue(root, testId)).toBe(stopped + step);
  }
  await userEvent.click(ui.getByTestId('transport-pause'));
  await waitForValue(root, testId, (n) => n > stopped + 5);
}
