import { expect, userEvent, within } from 'storybook/test';
import { readValue, waitForValue } from '../../components/playHelpers.js';
import { UPDATE_ARGS_EVENT } from '../../components/StoryFrame.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * Play-function check of the transport bar: after "Pause" the counter `testId` stops; each
 * "Step one frame" advances it by exactly one; "Play" lets it run again.
 */
export async function expectPauseAndSingleStep(root: HTMLElement, testId = 'frames'): Promise<void> {
  const ui = within(root);
  await waitForValue(root, testId, (n) => n > 5);
  await userEvent.click(ui.getByTestId('transport-pause'));
  // Wait out the frame in flight and the readout's refresh.
  await settle();
  const stopped = readValue(root, testId);
  await settle();
  await expect(readValue(root, testId)).toBe(stopped);
  for (let step = 1; step <= 2; step += 1) {
    await userEvent.click(ui.getByTestId('transport-step'));
    await waitForValue(root, testId, (n) => n === stopped + step);
    await settle();
    await expect(readValue(root, testId)).toBe(stopped + step);
  }
  await userEvent.click(ui.getByTestId('transport-pause'));
  await waitForValue(root, testId, (n) => n > stopped + 5);
}

/** Change the running story's args the way the Controls panel does (the story re-renders, it is not remounted). */
export function updateArgs(args: Record<string, unknown>): void {
  window.dispatchEvent(new CustomEvent(UPDATE_ARGS_EVENT, { detail: args }));
}
