// The controls a recording kept (a button's pause, slow motion, a single step), called again at the
// point they were called in the session: after the same events, before the same frame.
import type { RecordedControl } from '../devtools/internal.js';
import { watchControls } from '../scheduler/internal.js';
import type { FixedClock, FixedClockOptions, FrameScheduler } from '../scheduler/internal.js';

/** Replays `controls` on `scheduler` and on the fixed clocks made from now on, in the order they are made. */
export interface ControlReplay {
  /** Call every control not yet called that came before frame `frame`, after `event` events; `skip(n)` first delivers the skipped vblanks recorded before it. */
  applyUpTo(frame: number, event: number, skip: (count: number) => void): void;
  /** A control not yet called came before frame `frame`. */
  due(frame: number): boolean;
  stop(): void;
}

/** Call `control` on `target`; `releases` holds each replayed hold's release by its number. */
function call(target: FixedClock | FrameScheduler, control: RecordedControl, releases: Map<number, () => void>): void {
  const clock = target as FixedClock;
  const scheduler = target as FrameScheduler;
  const value = control.value;
  switch (control.name) {
    case 'pause': return target.pause();
    case 'resume': return target.resume();
    case 'setTimeScale': return target.setTimeScale(value as number);
    case 'stepOnce': return void clock.stepOnce();
    case 'reset': return clock.reset();
    case 'setOptions': return clock.setOptions(value as Record<string, number>);
    case 'setInterpolation': return clock.setInterpolation(value as FixedClockOptions['interpolation'] & string);
    case 'hold': return void releases.set(value as number, clock.hold());
    case 'release': return releases.get(value as number)?.();
    case 'setMaxFrameRate': return scheduler.setMaxFrameRate(value as number | undefined);
    case 'setAdaptive': return scheduler.setAdaptive(value as boolean);
    case 'setMaxDelta': return scheduler.setMaxDelta(value as number);
  }
}

export function replayControls(owner: string, controls: readonly RecordedControl[], scheduler: FrameScheduler): ControlReplay {
  const clocks: FixedClock[] = [];
  const stop = controls.length === 0 ? () => undefined : watchControls({ clockMade: (clock) => void clocks.push(clock), control: () => undefined });
  let next = 0;
  const releases = new Map<number, () => void>();
  return {
    applyUpTo(frame, event, skip) {
      while (next < controls.length && controls[next]!.frame <= frame && controls[next]!.event <= event) {
        const control = controls[next]!;
        const target = control.target === 'scheduler' ? scheduler : clocks[control.clock!];
        if (!target) {
          throw new RangeError(`${owner}: \`recording.controls[${next}].clock\` is clock ${control.clock}, but the replayed app made ${clocks.length} fixed clock(s) by then: is \`ui\` the recorded app?`);
        }
        next++;
        if (control.skipped !== undefined) skip(control.skipped);
        call(target, control, releases);
      }
    },
    due: (frame) => next < controls.length && controls[next]!.frame <= frame,
    stop,
  };
}
