import { describe, expect, it } from 'vitest';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';

describe('createManualFrameSource', () => {
  it('a tick runs the callbacks requested before it; a request made inside waits for the next tick', () => {
    const source = createManualFrameSource();
    const seen: string[] = [];
    source.request((t) => {
      seen.push(`a${t}`);
      source.request((t2) => seen.push(`inner${t2}`));
    });
    source.request((t) => seen.push(`b${t}`));
    expect(source.pendingCount).toBe(2);
    source.tick(10);
    expect(seen).toEqual(['a10', 'b10']);
    expect(source.pendingCount).toBe(1);
    source.tick(20);
    expect(seen).toEqual(['a10', 'b10', 'inner20']);
    expect(source.pendingCount).toBe(0);
  });

  it('cancel removes a pending request, also from inside the running tick; unknown handles are ignored', () => {
    const source = createManualFrameSource();
    const seen: string[] = [];
    let second = 0;
    source.request(() => {
      seen.push('first');
      source.cancel(second);
    });
    second = source.request(() => seen.push('second'));
    const third = source.request(() => seen.push('third'));
    source.cancel(third);
    source.cancel(999);
    expect(source.pendingCount).toBe(2);
    source.tick(0);
    expect(seen).toEqual(['first']);
  });

  it('now() is the last tick time and can be moved to model work', () => {
    const source = createManualFrameSource({ startMs: 5 });
    expect(source.now()).toBe(5);
    source.tick(16);
    expect(source.now()).toBe(16);
    source.setNow(20);
    expect(source.now()).toBe(20);
  });

  it('a throwing callback does not stop the others; the first error is rethrown after', () => {
    const source = createManualFrameSource();
    const seen: string[] = [];
    const boom = new Error('boom');
    source.request(() => {
      throw boom;
    });
    source.request(() => {
      throw new Error('second');
    });
    source.request(() => seen.push('ran'));
    expect(() => source.tick(0)).toThrow(boom);
    expect(seen).toEqual(['ran']);
    expect(source.pendingCount).toBe(0);
  });

  it('a tick from inside a callback is refused (the error surfaces from the outer tick)', () => {
    const source = createManualFrameSource();
    source.request(() => source.tick(5));
    expect(() => source.tick(0)).toThrow(/inside a frame callback/);
    const seen: number[] = [];
    source.request((t) => seen.push(t));
    source.tick(16);
    expect(seen).toEqual([16]);
  });

  it('reuses its buffers: many frames of request/tick keep working after cancels', () => {
    const source = createManualFrameSource();
    let runs = 0;
    const loop = (): void => {
      runs++;
      source.request(loop);
      source.cancel(source.request(() => runs--));
    };
    source.request(loop);
    for (let i = 1; i <= 1000; i++) source.tick(i);
    expect(runs).toBe(1000);
    expect(source.pendingCount).toBe(1);
  });
});
