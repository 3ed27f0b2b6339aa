// One update signature: the same function object works unchanged as useFixedUpdate's
// update, useFixedTimestep's `update` and <GameCanvas update>, and each calls it with its clock's
// step (a FixedClockStep), the same fields on the same frames.
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClockProvider, GameCanvas, useFixedClock, useFixedTimestep, useFixedUpdate } from '../../src/index.js';
import type { FixedClock, FixedClockStep } from '../../src/index.js';
import type { FixedUpdate } from '../../src/scheduler/fixedClock.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { installCanvasStub } from '../../src/testing/canvasStub.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { cleanupMounted } from './helpers.js';

afterEach(() => {
  cleanupMounted();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

type Clocks = { provider?: FixedClock; timestep?: FixedClock; canvas: { current: FixedClock | null } };

function Joiner({ update, clocks }: { update: FixedUpdate; clocks: Clocks }) {
  useFixedUpdate(update);
  clocks.provider = useFixedClock();
  return null;
}

function OwnLoop({ update, clocks }: { update: FixedUpdate; clocks: Clocks }) {
  clocks.timestep = useFixedTimestep({ step: 1 / 60, update });
  return null;
}

const fields = (s: Readonly<FixedClockStep>, dt: number) => [dt, s.dt, s.index, s.stepInFrame, s.stepsInFrame, s.stepStartTimestampMs, s.stepEndTimestampMs, s.frame.frameIndex, s.frame.timestampMs];

describe('one update signature', () => {
  it('the same function object is useFixedUpdate fn, useFixedTimestep update and GameCanvas update, and gets the same step fields from each', () => {
    const restore = installCanvasStub();
    const calls: Array<{ step: Readonly<FixedClockStep>; fields: unknown[] }> = [];
    const update: FixedUpdate = (dt, step) => void calls.push({ step, fields: fields(step, dt) });
    const clocks: Clocks = { canvas: { current: null } };
    const view = renderWithFrames(
      <>
        <FixedClockProvider step={1 / 60}>
          <Joiner update={update} clocks={clocks} />
        </FixedClockProvider>
        <OwnLoop update={update} clocks={clocks} />
        <GameCanvas width={10} height={10} step={1 / 60} update={update} controlsRef={clocks.canvas} />
      </>,
      { refreshRate: 30, strictMode: true },
    );
    view.advanceFrames(6); // time zero, then 5 frames of two steps each at 30 Hz
    const byClock = (clock: FixedClock | null | undefined) => calls.filter((c) => c.step === clock!.currentStep).map((c) => c.fields);
    const viaHook = byClock(clocks.provider);
    const viaTimestep = byClock(clocks.timestep);
    const viaCanvas = byClock(clocks.canvas.current);
    view.unmount();
    restore();

    expect(viaHook.length + viaTimestep.length + viaCanvas.length).toBe(calls.length); // every call got its clock's step
    expect(viaHook.map((f) => f[2])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(viaHook.every((f) => f[0] === 1 / 60 && f[1] === 1 / 60 && f[4] === 2 && typeof f[7] === 'number')).toBe(true);
    expect(viaTimestep).toEqual(viaHook);
    expect(viaCanvas).toEqual(viaHook);
  });
});
