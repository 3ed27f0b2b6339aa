// The controls a recording kept (a button's pause, slow motion, a single step), called again at the
// point they were called in the session: after the same events, before the same frame.
import type { RecordedControl } from '../devtools/internal.js';
import { watchControls } from '../scheduler/internal.js';
import type { FixedClock, FrameScheduler } from '../scheduler/internal.js';

/** Replays `controls` on `scheduler` and on the fixed clocks made from now on, in the order they are made. */
export interface ControlReplay {
  /** Call every control not yet called that came before frame `frame`, after `event` events. */
  applyUpTo(frame: number, event: number): void;
  /** A control not yet called came before frame `frame`. */
  due(frame: number): boolean;
  stop(): void;
}

function call(target: FixedClock | FrameScheduler, control: RecordedControl): void {
  const name = control.name;
  if (name === 'pause') target.pause();
  else if (name === 'resume') target.resume();
  else if (name === 'setTimeScale') target.setTimeScale(control.value as number);
  else if (name === 'stepOnce') (target as FixedClock).stepOnce();
  else if (name === 'reset') (target as FixedClock).reset();
  else (target as FixedClock).setOptions(control.value as Record<string, number>);
}

export function replayControls(owner: string, controls: readonly RecordedControl[], scheduler: FrameScheduler): ControlReplay {
  const clocks: FixedClock[] = [];
  const stop = controls.length === 0 ? () => undefined : watchControls({ clockMade: (clock) => void clocks.push(clock), control: () => undefined });
  let next = 0;
  return {
    applyUpTo(frame, event) {
      while (next < controls.length && controls[next]!.frame <= frame && controls[next]!.event <= event) {
        const control = controls[next]!;
        const target = control.target === 'scheduler' ? scheduler : clocks[control.clock!];
        if (!target) {
          throw new RangeError(`${owner}: \`recording.controls[${next}].clock\` is clock ${control.clock}, but the replayed app made ${clocks.length} fixed clock(s) by then: is \`ui\` the recorded app?`);
        }
        next++;
        call(target, control);
      }
    },
    due: (frame) => next < controls.length && controls[next]!.frame <= frame,
    stop,
  };
}
