// Named ordering through the scheduler's public `subscribe` (the list itself: ordering.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedulerOf } from '../../src/scheduler/createFrameScheduler.js';
import { FrameLoop } from '../../src/scheduler/frameLoop.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { setup } from './helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('scheduler.subscribe with id, before, after', () => {
  it('the page-wide loop under useFrame alone refuses id, before and after, naming the caller and the fix', () => {
    const host = new FrameLoop('bare', createManualFrameSource(), { mode: 'manual', maxDelta: 0.25, timeScale: 1, paused: false, onError: undefined, onGap: undefined, onFrame: undefined }, undefined);
    for (const options of [{ id: 'a' }, { before: 'a' }, { after: ['a'] }]) {
      expect(() => host.subscribe(() => {}, options, 'useFrame')).toThrow(
        new RangeError('useFrame: options `id`, `before` and `after` need a <FrameProvider> (or createFrameScheduler): the page-wide loop under useFrame alone orders by phase and priority'),
      );
    }
    expect(host.subscribers.count()).toBe(0);
    const scheduler = schedulerOf(host);
    scheduler.subscribe(() => {}, { id: 'a' });
    expect(scheduler.subscriberCount).toBe(1);
    expect(() => scheduler.subscribe(() => {}, { id: 'a' })).toThrow(/option `id` "a" is taken/);
  });

  it('orders by ids across priorities', () => {
    for (const scheduler of [setup({ frameloop: 'manual' }).scheduler]) {
      const calls: string[] = [];
      const log = (name: string) => () => void calls.push(name);
      scheduler.subscribe(log('camera'), { id: 'camera', after: ['player'], priority: -1 });
      scheduler.subscribe(log('hud'), { phase: 'render' });
      scheduler.subscribe(log('player'), { id: 'player', priority: 1 });
      scheduler.subscribe(log('controls'), { before: 'player', priority: 2 });
      scheduler.subscribe(log('world'));
      scheduler.advance(0);
      expect(calls).toEqual(['world', 'controls', 'player', 'camera', 'hud']);
      scheduler.destroy();
    }
  });

  it('bad ids and a duplicate id throw a RangeError at subscribe naming the option; nothing is subscribed', () => {
    const { scheduler } = setup({ frameloop: 'manual' });
    expect(() => scheduler.subscribe(() => {}, { id: '' })).toThrow(new RangeError('subscribe: option `id` must be a non-empty string, got ""'));
    expect(() => scheduler.subscribe(() => {}, { after: [''] })).toThrow(
      new RangeError('subscribe: option `after` must be an id (a non-empty string) or an array of ids, got [""]'),
    );
    expect(() => scheduler.subscribe(() => {}, { Before: 'x' } as never)).toThrow(/subscribe: unknown option `Before` \(did you mean `before`\?\)/);
    scheduler.subscribe(() => {}, { id: 'player' });
    expect(() => scheduler.subscribe(() => {}, { id: 'player' })).toThrow(new RangeError(`subscribe: option \`id\` "player" is taken by another 'update' subscriber`));
    expect(scheduler.subscriberCount).toBe(1);
  });

  it('a cycle goes to onError once, with the frame; the loop runs on', () => {
    const errors: unknown[] = [];
    const frames: number[] = [];
    const { scheduler } = setup({ frameloop: 'manual', onError: (error, frame) => void errors.push(error, frame.frameIndex) });
    scheduler.subscribe(() => void frames.push(1), { id: 'a', after: 'b' });
    scheduler.subscribe(() => void frames.push(2), { id: 'b', after: 'a' });
    scheduler.advance(0);
    scheduler.advance(16);
    expect(frames).toEqual([1, 2, 1, 2]);
    expect(errors).toHaveLength(2);
    expect((errors[0] as RangeError).message).toBe(
      `subscribe: before/after cycle in the 'update' phase: "a" → "b" → "a" (→: runs before); "b" → "a" is ignored until the cycle is broken`,
    );
    expect(errors[1]).toBe(0);
  });

  it('without onError a cycle is rethrown after the frame ran, and the next frame runs without it', () => {
    const { scheduler } = setup({ frameloop: 'manual' });
    const calls: string[] = [];
    scheduler.subscribe(() => void calls.push('a'), { id: 'a', before: 'a' });
    scheduler.subscribe(() => void calls.push('b'));
    expect(() => scheduler.advance(0)).toThrow(/before\/after cycle in the 'update' phase: "a" → "a"/);
    expect(calls).toEqual(['a', 'b']);
    expect(() => scheduler.advance(16)).not.toThrow();
    expect(calls).toEqual(['a', 'b', 'a', 'b']);
  });
});
