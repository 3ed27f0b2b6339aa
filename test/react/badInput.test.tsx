// 10,000 frames in one advance with React in the loop (StrictMode): one update per 60 Hz frame.
// Through the scheduler alone: test/scheduler/badInput.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { useRef } from 'react';
import { useFixedTimestep, useFrame } from '../../src/index.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { allFinite, infoNumbers } from '../helpers/numbers.js';

const STEP = 1 / 60;

describe('10,000 frames in one advance (React in the loop, StrictMode)', () => {
  afterEach(() => {
    expect(getDefaultScheduler().subscriberCount).toBe(0);
  });

  it('advanceFrames(10000) in one act: 9,999 updates of exactly 1/60 s, one render per frame, at most one update per frame', () => {
    let updates = 0;
    let renders = 0;
    let framesSeen = 0;
    let maxUpdatesInFrame = 0;
    let nonFinite = 0;
    let wrongDt = 0;
    let alphaOut = 0;
    function Game() {
      const inFrame = useRef(0);
      useFrame(() => {
        framesSeen++;
        inFrame.current = 0;
      }, { phase: 'input' });
      useFixedTimestep({
        step: STEP,
        update: (dt) => {
          if (dt !== STEP) wrongDt++;
          updates++;
          maxUpdatesInFrame = Math.max(maxUpdatesInFrame, ++inFrame.current);
        },
        render: (alpha, frame) => {
          renders++;
          if (!(alpha >= 0 && alpha <= 1)) alphaOut++;
          if (!allFinite(infoNumbers(frame))) nonFinite++;
        },
      });
      return null;
    }
    const view = renderWithFrames(<Game />, { strictMode: true, refreshRate: 60 });
    view.advanceFrames(10_000);
    // Frame 1 is time zero; the 9,999 frames after it are 9,999 × 1/60 s.
    expect(framesSeen).toBe(10_000);
    expect(renders).toBe(10_000);
    expect(updates).toBe(9_999);
    expect(maxUpdatesInFrame).toBe(1);
    expect(nonFinite).toBe(0);
    expect(wrongDt).toBe(0);
    expect(alphaOut).toBe(0);
    expect(view.scheduler.subscriberCount).toBe(3);
    expect(view.source.pendingCount).toBe(1);
    view.unmount();
    expect(view.source.pendingCount).toBe(0);
  });
});
