// Errors are never swallowed and never replaced: an error handler that throws reports both
// errors; a listener that throws outside a frame (a divisor change made by setAdaptive) is thrown
// out of that call, or handed to onError.
import { describe, expect, it } from 'vitest';
import { setup } from './helpers.js';

/** Drive the adaptive divisor to 2: five 20 ms frames at 60 Hz. */
function stepDown(scheduler: ReturnType<typeof setup>['scheduler'], source: ReturnType<typeof setup>['source']): void {
  const off = scheduler.subscribe(() => source.setNow(source.now() + 20));
  for (let k = 0; k < 5; k++) source.tick((k * 1000) / 60);
  off();
  expect(scheduler.divisor).toBe(2);
}

describe('an onError that throws', () => {
  it('does not hide the original: both are thrown after the frame, as an AggregateError [original, handler error]', () => {
    const original = new Error('original');
    const handlerError = new Error('handler broke');
    const seen: unknown[] = [];
    const { scheduler, source } = setup({
      onError: (error) => {
        seen.push(error);
        throw handlerError;
      },
    });
    const ran: string[] = [];
    scheduler.subscribe(() => {
      ran.push('a');
      throw original;
    });
    scheduler.subscribe(() => void ran.push('b'));
    let thrown: unknown;
    try {
      source.tick(0);
    } catch (error) {
      thrown = error;
    }
    expect(seen).toEqual([original]);
    expect(ran).toEqual(['a', 'b']); // the frame completed first
    expect(thrown).toBeInstanceOf(AggregateError);
    expect((thrown as AggregateError).errors).toEqual([original, handlerError]);
    expect(source.pendingCount).toBe(1); // the loop lives on
  });

  it('an onError that rethrows the same error reports it once (not twice)', () => {
    const original = new Error('original');
    const { scheduler, source } = setup({
      onError: (error) => {
        throw error;
      },
    });
    scheduler.subscribe(() => {
      throw original;
    });
    expect(() => source.tick(0)).toThrow(original);
  });
});

describe('an onDivisorChange listener that throws outside a frame (setAdaptive)', () => {
  it('without onError: setAdaptive(false) throws it after every listener was told', () => {
    const { scheduler, source } = setup({ adaptive: true });
    stepDown(scheduler, source);
    const boom = new Error('listener');
    const told: number[] = [];
    scheduler.onDivisorChange(() => {
      throw boom;
    });
    scheduler.onDivisorChange((d) => void told.push(d));
    expect(() => scheduler.setAdaptive(false)).toThrow(boom);
    expect(told).toEqual([1]);
    expect(scheduler.divisor).toBe(1);
  });

  it('two listeners throwing: an AggregateError with both', () => {
    const { scheduler, source } = setup({ adaptive: true });
    stepDown(scheduler, source);
    const a = new Error('a');
    const b = new Error('b');
    scheduler.onDivisorChange(() => {
      throw a;
    });
    scheduler.onDivisorChange(() => {
      throw b;
    });
    let thrown: unknown;
    try {
      scheduler.setAdaptive(false);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AggregateError);
    expect((thrown as AggregateError).errors).toEqual([a, b]);
  });

  it('with onError: the handler gets it, nothing is thrown', () => {
    const reported: unknown[] = [];
    const { scheduler, source } = setup({ adaptive: true, onError: (error) => void reported.push(error) });
    stepDown(scheduler, source);
    const boom = new Error('listener');
    scheduler.onDivisorChange(() => {
      throw boom;
    });
    expect(() => scheduler.setAdaptive(false)).not.toThrow();
    expect(reported).toEqual([boom]);
  });
});
