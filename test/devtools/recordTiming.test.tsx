// What recordTiming records is tested by replaying it: test/testing/replayTiming.test.tsx.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { FrameTimingOverlay, recordTiming } from '../../src/devtools/index.js';
import { createFrameScheduler, FixedClockProvider, FrameProvider, useFixedClock } from '../../src/index.js';
import type { FixedClock } from '../../src/index.js';
import { createManualFrameSource } from '../../src/testing/index.js';
import { cleanupMounted, render } from '../react/helpers.js';

afterEach(() => cleanupMounted());

describe('recordTiming', () => {
  it('rejects bad recordTiming options by name', () => {
    expect(() => recordTiming({ maxFrames: 0 })).toThrow(/recordTiming.*maxFrames/);
    expect(() => recordTiming({ maxframes: 5 } as never)).toThrow(/recordTiming.*maxframes/);
  });
});

describe('recordTiming started mid-game (the overlay’s button)', () => {
  it("keeps the scheduler's controls, not those of a clock made before it, and the overlay's button says so", () => {
    const source = createManualFrameSource({ startMs: 0 });
    const scheduler = createFrameScheduler({ source });
    const into: { clock?: FixedClock } = {};
    function Grab() {
      into.clock = useFixedClock();
      return null;
    }
    const view = render(
      <FrameProvider scheduler={scheduler}>
        <FixedClockProvider step={1 / 60}>
          <Grab />
          <FrameTimingOverlay />
        </FixedClockProvider>
      </FrameProvider>,
    );
    for (let k = 1; k <= 3; k++) act(() => source.tick(100 + (k * 1000) / 60));
    const recorder = recordTiming({ scheduler });
    act(() => source.tick(150));
    act(() => {
      into.clock!.pause();
      scheduler.setTimeScale(0.5);
    });
    act(() => source.tick(170));
    const recording = recorder.stop();
    expect(recording.mountFrame).toBeUndefined();
    expect(recording.controls).toEqual([{ frame: 1, event: 0, target: 'scheduler', name: 'setTimeScale', value: 0.5 }]);
    const title = document.querySelector('button')!.title;
    expect(title).toContain('the scheduler’s controls from now on');
    expect(title).toContain('the pause, time scale and step index of a clock made before now are not in the recording');
    view.unmount();
    scheduler.destroy();
  });
});
