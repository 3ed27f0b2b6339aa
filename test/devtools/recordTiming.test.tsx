// What recordTiming records is tested by replaying it: test/testing/replayTiming.test.tsx.
import { describe, expect, it } from 'vitest';
import { recordTiming } from '../../src/devtools/index.js';

describe('recordTiming', () => {
  it('rejects bad recordTiming options by name', () => {
    expect(() => recordTiming({ maxFrames: 0 })).toThrow(/recordTiming.*maxFrames/);
    expect(() => recordTiming({ maxframes: 5 } as never)).toThrow(/recordTiming.*maxframes/);
  });
});
