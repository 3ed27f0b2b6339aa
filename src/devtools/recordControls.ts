// The controls an app calls from outside the frame loop (a button's pause, slow motion, a single
// step) are not reproduced by replaying frames and input: the recorder keeps them, the replay calls
// them again at the same point. Controls called inside a frame, or by a recorded input event's
// handler, happen again by themselves in the replay and are not kept.
import { watchControls } from '../scheduler/internal.js';
import type { ControlName, FixedClock, FrameScheduler } from '../scheduler/internal.js';
import type { RecordedControl } from './format.js';

/** Where a control lands in the recording now: null while a frame or a recorded event's handlers run. */
export type ControlPosition = () => { frame: number; event: number; skipped: number } | null;

/** A plain copy of `setOptions`'s argument (JSON-ready). */
function copyOptions(value: unknown): Record<string, number | string | boolean> {
  const out: Record<string, number | string | boolean> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out[key] = v;
  }
  return out;
}

/** The control's argument as JSON, or undefined for none (a hold's release by its hold's number). */
function recordedValue(name: ControlName, value: unknown, holds: Map<unknown, number>): RecordedControl['value'] {
  if (name === 'setOptions' || (name === 'setAdaptive' && typeof value === 'object' && value !== null)) return copyOptions(value);
  if (name === 'hold') {
    holds.set(value, holds.size);
    return holds.size - 1;
  }
  if (name === 'release') return holds.get(value);
  return value as RecordedControl['value'];
}

/** Keep the controls called on `scheduler` and on the fixed clocks made from now on; returns them and the stop. */
export function recordControls(scheduler: FrameScheduler, position: ControlPosition): { controls: RecordedControl[]; stop: () => void } {
  const controls: RecordedControl[] = [];
  const clocks = new Map<FixedClock, number>();
  /** Each hold seen, by its release: a release of a hold made before recording is not kept. */
  const holds = new Map<unknown, number>();
  const stop = watchControls({
    clockMade(clock) {
      clocks.set(clock, clocks.size);
    },
    control(target, name: ControlName, value) {
      const at = position();
      const clock = clocks.get(target as FixedClock);
      if (!at || (target !== scheduler && clock === undefined) || (name === 'release' && !holds.has(value))) return;
      const control: RecordedControl = { frame: at.frame, event: at.event, target: clock === undefined ? 'scheduler' : 'clock', name };
      // A cap or the adaptive rate changed between two frames acts on the vblanks after it, not before.
      if (at.skipped > 0) control.skipped = at.skipped;
      if (clock !== undefined) {
        control.clock = clock;
        control.totalSteps = (target as FixedClock).stats.totalSteps;
      }
      const recorded = recordedValue(name, value, holds);
      if (recorded !== undefined) control.value = recorded;
      controls.push(control);
    },
  });
  return {
    controls,
    stop() {
      stop();
      clocks.clear();
      holds.clear();
    },
  };
}
