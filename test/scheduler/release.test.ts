// Unsubscribing releases the callback at once, even when no frame comes to tidy up (a hidden tab:
// the loop is running, so it is not the last subscriber leaving, but no frame arrives).
import { describe, expect, it } from 'vitest';
import { exposeGc, retainedHeapBytes } from '../alloc/gc.js';
import { setup } from './helpers.js';

const CYCLES = 100_000;

describe('unsubscribe releases the callback at once', () => {
  it('100,000 subscribe/unsubscribe cycles with no frame running retain less than 1 MB', () => {
    const gc = exposeGc();
    expect(gc).not.toBeNull();
    const { scheduler, source } = setup();
    scheduler.subscribe(() => undefined); // keeps the loop running (one request outstanding)
    source.tick(0);
    const before = retainedHeapBytes(gc!);
    for (let i = 0; i < CYCLES; i++) {
      const payload: number[] = new Array<number>(32).fill(0.5); // 256 bytes on the JS heap, kept alive while subscribed
      const off = scheduler.subscribe(() => void payload.fill(1));
      off();
    }
    const after = retainedHeapBytes(gc!);
    console.info(`retained after ${CYCLES} cycles: ${((after - before) / 2 ** 20).toFixed(2)} MB`);
    expect(after - before).toBeLessThan(2 ** 20);
    expect(scheduler.subscriberCount).toBe(1);
    // The loop still works: a new subscriber runs on each of the next two frames.
    let runs = 0;
    scheduler.subscribe(() => void runs++);
    source.tick(16);
    source.tick(32);
    expect(runs).toBe(2);
  });

  it('the same cycles mid-list (live subscribers before and after) keep order and release', () => {
    const { scheduler, source } = setup();
    const order: string[] = [];
    scheduler.subscribe(() => void order.push('a'), { priority: -1 });
    scheduler.subscribe(() => void order.push('z'), { priority: 1 });
    source.tick(0);
    for (let i = 0; i < 1000; i++) scheduler.subscribe(() => void order.push('x'))();
    scheduler.subscribe(() => void order.push('m'));
    order.length = 0;
    source.tick(16);
    expect(order).toEqual(['a', 'm', 'z']);
  });
});
