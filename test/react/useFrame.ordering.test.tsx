import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameProvider, useFrame } from '../../src/index.js';
import type { UseFrameOptions } from '../../src/react/useFrame.js';
import { getDefaultScheduler } from '../../src/scheduler/defaultScheduler.js';
import { loopOf } from '../../src/scheduler/createFrameScheduler.js';
import { renderWithFrames } from '../../src/testing/render.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { cleanupMounted, render } from './helpers.js';
import { withListenerErrorsReported } from '../helpers/react.js';

function Job(props: { name: string; log: string[]; options?: UseFrameOptions }) {
  useFrame(() => {
    props.log.push(props.name);
  }, props.options);
  return null;
}

afterEach(() => {
  cleanupMounted();
  vi.restoreAllMocks();
  expect(getDefaultScheduler().subscriberCount).toBe(0);
});

/** The names logged by the last frame. */
function oneFrame(view: { advanceFrames(n: number): void }, log: string[]): string[] {
  log.length = 0;
  view.advanceFrames(1);
  return log.slice();
}

describe('useFrame ordering by id', () => {
  it('honours before/after whatever the mount order and the priorities, under StrictMode', () => {
    const log: string[] = [];
    // Mounted (effects run) in tree order: camera first, though it must run after player.
    const view = renderWithFrames(
      <>
        <Job name="camera" log={log} options={{ id: 'camera', after: 'player', priority: -5 }} />
        <Job name="hud" log={log} options={{ phase: 'render' }} />
        <Job name="enemies" log={log} />
        <Job name="player" log={log} options={{ id: 'player', priority: 2 }} />
        <Job name="input" log={log} options={{ before: ['player'], priority: 9 }} />
      </>,
      { strictMode: true },
    );
    expect(view.scheduler.subscriberCount).toBe(5);
    // enemies (0) keep their place; input takes player's place just ahead of it; camera waits for player.
    expect(oneFrame(view, log)).toEqual(['enemies', 'input', 'player', 'camera', 'hud']);
    expect(oneFrame(view, log)).toEqual(['enemies', 'input', 'player', 'camera', 'hud']);
    view.unmount();
  });

  it('a component mounted later that an earlier one named joins the order at once', () => {
    const log: string[] = [];
    const earlier = <Job key="camera" name="camera" log={log} options={{ after: 'player' }} />;
    const view = renderWithFrames(<>{earlier}</>, { strictMode: true });
    view.advanceFrames(3);
    view.rerender(
      <>
        {earlier}
        <Job key="enemies" name="enemies" log={log} />
        <Job key="player" name="player" log={log} options={{ id: 'player' }} />
      </>,
    );
    expect(oneFrame(view, log)).toEqual(['enemies', 'player', 'camera']);
    // Unmounting the named one lifts the constraint: back to mount order.
    view.rerender(
      <>
        {earlier}
        <Job key="enemies" name="enemies" log={log} />
      </>,
    );
    expect(oneFrame(view, log)).toEqual(['camera', 'enemies']);
    view.unmount();
  });

  it('a new array with the same ids does not resubscribe; different ids do', () => {
    const log: string[] = [];
    const ui = (after: string[]) => (
      <>
        <Job name="a" log={log} options={{ id: 'a' }} />
        <Job name="b" log={log} options={{ id: 'b' }} />
        <Job name="late" log={log} options={{ after, priority: -1 }} />
      </>
    );
    const view = renderWithFrames(ui(['a']), { strictMode: true });
    expect(oneFrame(view, log)).toEqual(['a', 'late', 'b']);
    // useFrame subscribes through the loop's host (its ref, no wrapper closure).
    const subscribe = vi.spyOn(loopOf(view.scheduler)!, 'subscribe');
    view.rerender(ui(['a']));
    expect(subscribe).not.toHaveBeenCalled();
    view.rerender(ui(['b']));
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(subscribe.mock.calls[0]?.[1]).toEqual({ phase: 'update', priority: -1, after: ['b'] });
    expect(oneFrame(view, log)).toEqual(['a', 'b', 'late']);
    view.unmount();
  });

  it('a cycle between components reaches FrameProvider onError as a RangeError naming the ids; frames go on', () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    const view = renderWithFrames(
      <>
        <Job name="a" log={log} options={{ id: 'a', after: 'b' }} />
        <Job name="b" log={log} options={{ id: 'b', after: 'a' }} />
      </>,
      { strictMode: true, onError: (error) => errors.push(error) },
    );
    expect(oneFrame(view, log)).toEqual(['a', 'b']);
    expect(oneFrame(view, log)).toEqual(['a', 'b']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RangeError);
    expect((errors[0] as RangeError).message).toBe(
      `subscribe: before/after cycle in the 'update' phase: "a" → "b" → "a" (→: runs before); "b" → "a" is ignored until the cycle is broken`,
    );
    view.unmount();
  });

  it('a <FrameProvider onError> receives the cycle too', () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    // renderWithFrames runs a provider that creates its own scheduler on the simulated display.
    const view = renderWithFrames(
      <FrameProvider onError={(error) => errors.push(error)}>
        <Job name="self" log={log} options={{ id: 'self', before: 'self' }} />
      </FrameProvider>,
      { strictMode: true },
    );
    view.advanceFrames(3);
    expect(log).toEqual(['self', 'self', 'self']);
    expect(errors).toHaveLength(1);
    expect((errors[0] as RangeError).message).toMatch(/^subscribe: before\/after cycle in the 'update' phase: "self" → "self"/);
    view.unmount();
  });

  it('a bad id is a RangeError naming useFrame and the option at render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const log: string[] = [];
    expect(() => renderWithFrames(<Job name="x" log={log} options={{ id: '' }} />)).toThrow(
      'useFrame: option `id` must be an id (a non-empty string), got ""',
    );
    expect(() => renderWithFrames(<Job name="x" log={log} options={{ before: 3 as never }} />)).toThrow(
      'useFrame: option `before` must be an id (a non-empty string) or an array of ids, got 3',
    );
    expect(() => renderWithFrames(<Job name="x" log={log} options={{ befor: 'a' } as never} />)).toThrow(/useFrame: unknown option `befor`/);
  });

  it('two mounted components with one id in one phase: the second effect throws the RangeError', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const log: string[] = [];
    const scheduler = createFrameScheduler({ source: createManualFrameSource(), frameloop: 'manual' });
    // An error thrown by an effect: without browser error reporting it would leave React 18 broken.
    expect(() =>
      withListenerErrorsReported(() =>
        render(
          <FrameProvider scheduler={scheduler}>
            <Job name="one" log={log} options={{ id: 'player' }} />
            <Job name="two" log={log} options={{ id: 'player' }} />
          </FrameProvider>,
        ),
      ),
    ).toThrow(new RangeError(`subscribe: option \`id\` "player" is taken by another 'update' subscriber`));
    scheduler.destroy();
  });
});
