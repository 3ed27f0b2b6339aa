// useStepInput({ target: ref }): a button pressed on the element and released outside it (the
// up reaches only the window) is released in the game, once; ups outside with nothing held are
// not the game's input.
import { afterEach, describe, expect, it } from 'vitest';
import { act, useRef } from 'react';
import { FixedClockProvider, useFixedUpdate, useStepInput } from '../../src/index.js';
import { renderWithFrames } from '../../src/testing/index.js';
import type { RenderWithFramesResult } from '../../src/testing/index.js';

const open: RenderWithFramesResult[] = [];
afterEach(() => {
  for (const view of open.splice(0)) view.unmount();
});

interface Row {
  down: boolean;
  events: string[];
}

function Pad({ rows }: { rows: Row[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const input = useStepInput({ target: ref });
  useFixedUpdate(() => {
    const events: string[] = [];
    for (let i = 0; i < input.step.count; i++) events.push(`${input.step.event(i).kind}:${input.step.event(i).code}`);
    rows.push({ down: input.step.isDown('Pointer0'), events });
  });
  return <div id="pad" ref={ref} />;
}

function mount(): { rows: Row[]; view: RenderWithFramesResult; pad: HTMLElement } {
  const rows: Row[] = [];
  const view = renderWithFrames(
    <FixedClockProvider step={1 / 60}>
      <Pad rows={rows} />
    </FixedClockProvider>,
    { strictMode: true },
  );
  open.push(view);
  view.advanceFrames(2);
  return { rows, view, pad: view.container.querySelector('#pad') as HTMLElement };
}

const pointer = (target: EventTarget, type: string, button = 0, buttons = 0): void =>
  act(() => void target.dispatchEvent(new PointerEvent(type, { button, buttons, bubbles: true, pointerId: 1 })));

/** The events and held state the steps since `from` saw. */
const since = (rows: Row[], from: number): { events: string[]; down: boolean } => ({ events: rows.slice(from).flatMap((r) => r.events), down: rows.at(-1)!.down });

describe('useStepInput with an element target', () => {
  it('a button pressed on the element and released outside it is released in the game, once', () => {
    const { rows, view, pad } = mount();
    pointer(pad, 'pointerdown', 0, 1);
    view.advanceFrames(2);
    expect(rows.at(-1)!.down).toBe(true);
    let from = rows.length;
    pointer(document.body, 'pointerup');
    view.advanceFrames(2);
    expect(since(rows, from)).toEqual({ events: ['pointerup:Pointer0'], down: false });
    // Released on the element itself: one up, not one from the element and one from the window.
    pointer(pad, 'pointerdown', 0, 1);
    view.advanceFrames(2);
    from = rows.length;
    pointer(pad, 'pointerup');
    view.advanceFrames(2);
    expect(since(rows, from)).toEqual({ events: ['pointerup:Pointer0'], down: false });
    // A cancel outside (the browser took the gesture) releases too.
    pointer(pad, 'pointerdown', 0, 1);
    view.advanceFrames(2);
    from = rows.length;
    pointer(window, 'pointercancel', -1);
    view.advanceFrames(2);
    expect(since(rows, from).down).toBe(false);
  });

  it('ups outside the element with no button held from it, and other buttons’ ups, are not its input', () => {
    const { rows, view, pad } = mount();
    let from = rows.length;
    pointer(document.body, 'pointerup');
    view.advanceFrames(2);
    expect(since(rows, from).events).toEqual([]);
    pointer(pad, 'pointerdown', 0, 1);
    view.advanceFrames(2);
    from = rows.length;
    pointer(document.body, 'pointerup', 2);
    view.advanceFrames(2);
    expect(since(rows, from)).toEqual({ events: [], down: true });
  });
});
