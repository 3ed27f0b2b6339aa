import { expect, waitFor } from 'storybook/test';

/** The raw number a {@link Readout} cell holds (its data-value attribute). */
export function readValue(root: HTMLElement, testId: string): number {
  const cell = root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (!cell) throw new Error(`no element with data-testid="${testId}"`);
  return Number(cell.dataset.value);
}

/**
 * Wait until the readout `testId` satisfies `predicate` (polling the real DOM). Rejects with the
 * last value seen when it does not happen within `timeout` ms.
 */
export async function waitForValue(
  root: HTMLElement,
  testId: string,
  predicate: (value: number) => boolean,
  timeout = 10000,
): Promise<number> {
  let value = Number.NaN;
  await waitFor(
    () => {
      value = readValue(root, testId);
      expect(predicate(value), `${testId} = ${value}`).toBe(true);
    },
    { timeout, interval: 50 },
  );
  return value;
}

/** Wait until the frame counter `testId` has advanced by at least `frames` from its current value. */
export async function expectFramesAdvance(root: HTMLElement, testId = 'frames', frames = 10): Promise<void> {
  const start = await waitForValue(root, testId, (value) => Number.isFinite(value));
  await waitForValue(root, testId, (value) => value >= start + frames);
}
