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
  it('the vblank count runs five files below the requestAnimationFrame callback, the update four, and the step ends at the frame timestamp in ms', () => {
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
      // The deepest point of the walk: the vblank count of the frame time (core/counting.ts), read
      // where it writes the count's input on the clock's counter (a setter on this one object).
      const counter = (clock as unknown as { core: { vblanks: { input: number } } }).core.vblanks;
      let deepest = '';
      let input = counter.input;
      Object.defineProperty(counter, 'input', {
        get: () => input,
        set: (value: number) => {
          input = value;
          deepest = new Error().stack ?? '';
        },
      });
      frames.shift()?.(1000 + 4000 / 60);
      // The frame time is handled in five files (subscribers.ts only hands the frame on) and comes
      // back up twice: the count to the decision, the decision to the runner.
      expect(sourceFiles(deepest)).toEqual(['core/counting.ts', 'core/fixedStepAdvance.ts', 'scheduler/fixedClock.ts', 'scheduler/subscribers.ts', 'scheduler/frameLoop.ts', 'scheduler/browserSource.ts']);
      const files = sourceFiles(stack);
      // The clock's decision (core/fixedStepAdvance.ts, counting.ts) has returned
      // by the time the update runs: the runner calls the updates itself.
      expect(files).toEqual(['scheduler/fixedClock.ts', 'scheduler/subscribers.ts', 'scheduler/frameLoop.ts', 'scheduler/browserSource.ts']);
      // The step's end is the frame's own timestamp, in ms: no unit change on the way.
      expect(ends.at(-1)).toBeCloseTo(1000 + 4000 / 60, 9);
    } finally {
      Error.stackTraceLimit = limit;
    }
  });
});
