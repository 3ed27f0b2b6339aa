// The one binding behind the r3f and pixi transform hooks: snapshot first in every step of the
// fixed clock, apply to the renderer's object in every render; the adapters only name themselves.
import { useContext, useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { finiteNumber, optionsObject, withDefault } from '../core/internal.js';
import type { FixedClock } from '../scheduler/index.js';
import { FIRST_IN_STEP, FixedClockContext } from './fixedClockContext.js';
import { renameOwner } from './renameOwner.js';

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

/** Create the transform once (options read at mount, errors naming `owner`) and bind it to `options.clock` or the nearest clock. */
export function useClockBoundTransform<Target, Options extends ClockBinding, Transform extends SteppedTransform<Target>>(
  owner: string,
  factory: string,
  create: (options: Options) => Transform,
  target: RefObject<Target | null>,
  options: Options,
  optionKeys: readonly string[],
): Transform {
  // A misspelt option fails at the render that passes it, naming the hook (keys: withClockBinding).
  optionsObject(owner, options, false, optionKeys);
  const provided = useContext(FixedClockContext);
  const clock = options.clock ?? provided?.clock;
  if (!clock) {
    throw new Error(`${owner}: no <FixedClockProvider> or <GameCanvas> above this component and no \`clock\` option. Wrap the scene in <FixedClockProvider step={1 / 60}>, or pass the clock useFixedTimestep returns as \`clock\`.`);
  }
  const priority = finiteNumber(owner, 'priority', withDefault(options.priority, 0));
  const [transform] = useState(() =>
    renameOwner(factory, owner, () => {
      // The factory knows only its own options.
      const { clock: _clock, priority: _priority, ...own } = options;
      return create(own as Options);
    }),
  );
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
