// What useStepInput adds to every step of a shared clock (take the step's input, look behind the
// target again, read the held state): nothing. Measured as the difference between the same game
// with and without the hook, so what the clock itself costs a frame is not counted.
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClockProvider } from '../../src/react/FixedClockProvider.js';
import { FrameProvider } from '../../src/react/FrameProvider.js';
import { useFixedUpdate } from '../../src/react/useFixedUpdate.js';
import { useStepInput } from '../../src/react/useStepInput.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { ALLOCATION_TEST_TIMEOUT_MS, boxedTimestamps, exposeGc, leastBytesPerCall, NOTHING_PER_CALL } from './gc.js';
import { cleanupMounted, render } from '../react/helpers.js';

const FRAMES = 20_000;
const WARMUP = 20_000;
const RUNS = 6;
const timestamps = boxedTimestamps(2 * (WARMUP + RUNS * FRAMES) + 2, 1000 / 60);
const held = new Float64Array(2);

afterEach(() => cleanupMounted());

function WithInput() {
  const input = useStepInput();
  useFixedUpdate(() => {
    if (input.step.isDown('KeyW') || input.step.count > 0) held[0] = held[0]! + 1;
    held[1] = held[1]! + 1;
  });
  return null;
}

function WithoutInput() {
  useFixedUpdate(() => {
    held[1] = held[1]! + 1;
  });
  return null;
}

function bytesPerFrame(gc: () => void, Game: () => null): number {
  const source = createManualFrameSource();
  const scheduler = createFrameScheduler({ source });
  render(
    <FrameProvider scheduler={scheduler}>
      <FixedClockProvider step={1 / 60}>
        <Game />
      </FixedClockProvider>
    </FrameProvider>,
  );
  let i = 0;
  const bytes = leastBytesPerCall(gc, WARMUP, FRAMES, RUNS, () => source.tick(timestamps[i++] as number), NOTHING_PER_CALL);
  cleanupMounted();
  return bytes;
}

describe('useStepInput per frame', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  it(`adds less than ${NOTHING_PER_CALL} B a frame to a game on a shared clock`, () => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    const without = bytesPerFrame(gc!, WithoutInput);
    held.fill(0);
    const withInput = bytesPerFrame(gc!, WithInput);
    console.info(`useStepInput: ${withInput.toFixed(2)} B/frame with, ${without.toFixed(2)} without`);
    expect(held[1]).toBeGreaterThan(WARMUP); // the steps ran
    expect(withInput - without).toBeLessThan(NOTHING_PER_CALL);
  });
});
