// The one binding behind the r3f and pixi transform hooks: snapshot first in every step of the
// fixed clock, apply to the renderer's object in every render; the adapters only name themselves.
import { useContext, useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { checkArgument, finite, fixedClock, type Rules } from '../core/internal.js';
import type { FixedClock } from '../scheduler/index.js';
import { FIRST_IN_STEP, FixedClockContext } from './fixedClockContext.js';

/** What a bound transform needs: a step snapshot and a blend onto the renderer's object. */
interface SteppedTransform<Target> {
  snapshot(): void;
  apply(alpha: number, target: Target): void;
}

/** The options every transform hook shares, on top of its factory's own. */
interface ClockBinding {
  clock?: FixedClock;
  priority?: number;
}

const RULES: Rules<ClockBinding> = { clock: fixedClock<FixedClock>() as Rules<ClockBinding>['clock'], priority: finite(0) };

/** Create the transform once (options read at mount, errors naming `owner`) and bind it to `options.clock` or the nearest clock. */
export function useClockBoundTransform<Target, Options extends ClockBinding, Transform extends SteppedTransform<Target>>(
  owner: string,
  create: (owner: string, options: Options) => Transform,
  target: RefObject<Target | null>,
  options: Options,
  optionKeys: readonly string[],
): Transform {
  // A misspelt option fails at the render that passes it, naming the hook (keys: withClockBinding).
  const binding = checkArgument(owner, options, false, RULES, optionKeys);
  const provided = useContext(FixedClockContext);
  const clock = binding.clock ?? provided?.clock;
  if (!clock) {
    throw new Error(`${owner}: no <FixedClockProvider> or <GameCanvas> above this component and no \`clock\` option. Wrap the scene in <FixedClockProvider step={1 / 60}>, or pass the clock useFixedTimestep returns as \`clock\`.`);
  }
  const priority = binding.priority!;
  const [transform] = useState(() => {
    // The factory knows only its own options.
    const { clock: _clock, priority: _priority, ...own } = options;
    return create(owner, own as Options);
  });
  useEffect(() => clock.addUpdate(() => transform.snapshot(), { priority: FIRST_IN_STEP }), [clock, transform]);
  useEffect(
    () =>
      clock.addRender(
        (alpha) => {
          const object = target.current;
          if (object) transform.apply(alpha, object);
        },
        { priority },
      ),
    [clock, transform, target, priority],
  );
  return transform;
}

/** A factory's option names plus the transform hooks' own `clock` and `priority`. */
export function withClockBinding(factoryKeys: readonly string[]): readonly string[] {
  return [...factoryKeys, 'clock', 'priority'];
}
