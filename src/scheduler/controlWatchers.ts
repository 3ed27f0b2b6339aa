// Who watches the controls an app calls on its clocks and schedulers: the devtools' recorder and
// the replay. Called only from a control or a clock's creation, never per frame. @internal
import type { FixedClock } from './fixedClockTypes.js';
import type { FrameScheduler } from './types.js';

/** The controls a recording keeps: a fixed clock's (its providers' props among them) and the scheduler's. */
export type ControlName =
  | 'pause'
  | 'resume'
  | 'setTimeScale'
  | 'stepOnce'
  | 'reset'
  | 'setOptions'
  | 'setInterpolation'
  | 'hold'
  | 'release'
  | 'setMaxFrameRate'
  | 'setAdaptive'
  | 'setMaxDelta';

/** A watcher of clocks made and controls called. */
export interface ControlWatcher {
  /** A fixed clock was made (in order: the replay finds a recorded clock by that order). */
  clockMade(clock: FixedClock): void;
  /** `name` was called on `target` with `value` (undefined for none), before it acts. */
  control(target: FixedClock | FrameScheduler, name: ControlName, value: unknown): void;
}

/** The watchers now; empty unless a recorder or a replay runs. */
export const controlWatchers = new Set<ControlWatcher>();

/** Tell the watchers `target`'s `name` is called. */
export function reportControl(target: FixedClock | FrameScheduler, name: ControlName, value?: unknown): void {
  for (const watcher of controlWatchers) watcher.control(target, name, value);
}

/** Start watching; returns the stop. */
export function watchControls(watcher: ControlWatcher): () => void {
  controlWatchers.add(watcher);
  return () => void controlWatchers.delete(watcher);
}
