import { describe, expect, it } from 'vitest';
import { createSubscriberList } from '../../src/scheduler/subscribers.js';
import type { SubscriberList, SubscriberOrder } from '../../src/scheduler/subscribers.js';
import type { FrameInfo, FramePhase } from '../../src/scheduler/types.js';
import { setup } from './helpers.js';

/** Subscribe a callback; returns its remove function. */
function addTo(list: SubscriberList, callback: (frame: FrameInfo) => unknown, phase: FramePhase, priority: number, order?: SubscriberOrder): () => void {
  return list.add(callback as (frame: FrameInfo) => void, phase, priority, order).remove;
}

const frame = {} as FrameInfo;
const noError = (error: unknown): void => {
  throw error;
};

describe('subscriber order', () => {
  it('runs by phase, then priority, then subscription order', () => {
    const { scheduler } = setup({ frameloop: 'manual' });
    const calls: string[] = [];
    const log = (name: string) => () => {
      calls.push(name);
    };
    scheduler.subscribe(log('render0'), { phase: 'render' });
    scheduler.subscribe(log('after0'), { phase: 'after' });
    scheduler.subscribe(log('update-first'));
    scheduler.subscribe(log('input5'), { phase: 'input', priority: 5 });
    scheduler.subscribe(log('update-second'), { phase: 'update' });
    scheduler.subscribe(log('input-1'), { phase: 'input', priority: -1 });
    scheduler.subscribe(log('render-2'), { phase: 'render', priority: -2 });
    scheduler.subscribe(log('update1'), { priority: 1 });
    scheduler.advance(0);
    expect(calls).toEqual(['input-1', 'input5', 'update-first', 'update-second', 'update1', 'render-2', 'render0', 'after0']);
  });

  it('rejects an unknown phase and a non-finite priority, naming the option', () => {
    const { scheduler } = setup();
    expect(() => scheduler.subscribe(() => {}, { phase: 'draw' as never })).toThrow(/phase/);
    expect(() => scheduler.subscribe(() => {}, { priority: Number.NaN })).toThrow(/priority/);
    expect(scheduler.subscriberCount).toBe(0);
  });
});

describe('changes during a frame', () => {
  it('a subscription made during a frame first runs on the next frame', () => {
    const { scheduler } = setup({ frameloop: 'manual' });
    const calls: string[] = [];
    scheduler.subscribe(
      () => {
        calls.push('a');
        if (calls.length === 1) scheduler.subscribe(() => calls.push('late'), { phase: 'after' });
      },
      { phase: 'input' },
    );
    scheduler.advance(0);
    expect(calls).toEqual(['a']);
    expect(scheduler.subscriberCount).toBe(2);
    scheduler.advance(16);
    expect(calls).toEqual(['a', 'a', 'late']);
  });

  it('a callback that unsubscribes itself runs no more, and the others keep their order', () => {
    const { scheduler } = setup({ frameloop: 'manual' });
    const calls: string[] = [];
    scheduler.subscribe(() => calls.push('first'));
    const off = scheduler.subscribe(() => {
      calls.push('self');
      off();
      off(); // idempotent
    });
    scheduler.subscribe(() => calls.push('last'));
    scheduler.advance(0);
    scheduler.advance(16);
    expect(calls).toEqual(['first', 'self', 'last', 'first', 'last']);
    expect(scheduler.subscriberCount).toBe(2);
  });

  it('a callback removed by an earlier one does not run, even later in the same frame', () => {
    const { scheduler } = setup({ frameloop: 'manual' });
    const calls: string[] = [];
    let offVictim = (): void => {};
    scheduler.subscribe(() => {
      calls.push('killer');
      offVictim();
    });
    offVictim = scheduler.subscribe(() => calls.push('victim'));
    scheduler.subscribe(() => calls.push('survivor'));
    scheduler.advance(0);
    expect(calls).toEqual(['killer', 'survivor']);
    expect(scheduler.subscriberCount).toBe(2);
  });

  it('subscribing and unsubscribing inside one frame never runs the callback', () => {
    const { scheduler } = setup({ frameloop: 'manual' });
    let ghostRuns = 0;
    let done = false;
    scheduler.subscribe(() => {
      if (done) return;
      done = true;
      const off = scheduler.subscribe(() => ghostRuns++);
      off();
    });
    scheduler.advance(0);
    scheduler.advance(16);
    expect(ghostRuns).toBe(0);
    expect(scheduler.subscriberCount).toBe(1);
  });

  it('destroy inside a frame stops the remaining callbacks', () => {
    const { scheduler, source } = setup();
    const calls: string[] = [];
    scheduler.subscribe(() => {
      calls.push('destroyer');
      scheduler.destroy();
    });
    scheduler.subscribe(() => calls.push('after'));
    source.tick(0);
    expect(calls).toEqual(['destroyer']);
    expect(scheduler.subscriberCount).toBe(0);
    expect(scheduler.running).toBe(false);
  });
});

describe('createSubscriberList', () => {
  it('unsubscribe functions are idempotent and the count never goes negative', () => {
    const list = createSubscriberList();
    const off = addTo(list, () => {}, 'update', 0);
    addTo(list, () => {}, 'update', 0);
    off();
    off();
    expect(list.count()).toBe(1);
  });

  it('10,000 add/remove cycles leave nothing behind', () => {
    const list = createSubscriberList();
    let runs = 0;
    for (let i = 0; i < 10_000; i++) addTo(list, () => runs++, 'render', i % 7)();
    list.run(frame, noError);
    expect(list.count()).toBe(0);
    expect(runs).toBe(0);
  });

  it('equal phase and priority keep subscription order after removals and re-adds', () => {
    const list = createSubscriberList();
    const calls: number[] = [];
    const offs = [0, 1, 2, 3].map((n) => addTo(list, () => calls.push(n), 'update', 0));
    offs[1]?.();
    addTo(list, () => calls.push(4), 'update', 0);
    list.run(frame, noError);
    expect(calls).toEqual([0, 2, 3, 4]);
  });
});
