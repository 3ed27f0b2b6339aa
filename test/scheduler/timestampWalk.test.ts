import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFixedClock, createFrameScheduler } from '../../src/scheduler/index.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The package's source files on a stack, innermost first, each once. */
function sourceFiles(stack: string): string[] {
  const files: string[] = [];
  for (const match of stack.matchAll(/\/src\/([\w/]+\.tsx?)/g)) {
    const file = match[1] as string;
    if (files.at(-1) !== file) files.push(file);
  }
  return files;
}

describe("a frame's timestamp on its way to a fixed update (docs/fixed-clock.md, 'One object, one unit')", () => {
  it('the update runs four files from the requestAnimationFrame callback, and the step ends at the frame timestamp in ms', () => {
    const frames: Array<(timestampMs: number) => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: (timestampMs: number) => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 100;
    try {
      const scheduler = createFrameScheduler({ refreshRate: 60 });
      const clock = createFixedClock(scheduler, { step: 1 / 60 });
      let stack = '';
      const ends: number[] = [];
      clock.addUpdate((_dt, step) => {
        stack = new Error().stack ?? '';
        ends.push(step.stepEndTimestampMs);
      });
      for (let i = 0; i < 4; i++) frames.shift()?.(1000 + (i * 1000) / 60);
      const files = sourceFiles(stack);
      // The clock's decision (core/fixedStepClock.ts, fixedStepAdvance.ts, counting.ts) has returned
      // by the time the update runs: the runner calls the updates itself.
      expect(files).toEqual(['scheduler/fixedClock.ts', 'scheduler/subscribers.ts', 'scheduler/frameLoop.ts', 'scheduler/browserSource.ts']);
      // The step's end is the frame's own timestamp, in ms: no unit change on the way.
      expect(ends.at(-1)).toBeCloseTo(1000 + 3000 / 60, 9);
    } finally {
      Error.stackTraceLimit = limit;
    }
  });
});
