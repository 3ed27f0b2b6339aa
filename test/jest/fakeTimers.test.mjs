// The README's fake-timer recipe under Jest's fake timers (jsdom), against the built package: the
// same counts as under Vitest. Plain JavaScript (createElement instead of JSX) so Jest needs no
// transform.
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { createElement as h } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { GameCanvas, getDefaultScheduler, useRefreshRate } from 'react-timestep';
import { installCanvasStub, resetDefaultScheduler } from 'react-timestep/testing';

const game = (props) => h(GameCanvas, { width: 320, height: 180, step: 1 / 60, interpolation: 'previous', update: () => {}, render: () => {}, ...props });

describe('the recipe', () => {
  let restoreCanvas;
  beforeEach(() => {
    restoreCanvas = installCanvasStub();
  });
  afterEach(() => {
    cleanup();
    resetDefaultScheduler();
    restoreCanvas();
    jest.useRealTimers();
  });

  test('58 updates in the first second of fake time', () => {
    jest.useFakeTimers();
    let updates = 0;
    render(game({ update: () => void updates++ }));
    act(() => jest.advanceTimersByTime(1000));
    expect(updates).toBe(58);
  });

  test('the table: 100 ms → 4 updates, 2 × 1000 ms → 119 updates', () => {
    jest.useFakeTimers();
    let updates = 0;
    render(game({ update: () => void updates++ }));
    act(() => jest.advanceTimersByTime(100));
    expect(updates).toBe(4);
    act(() => jest.advanceTimersByTime(900));
    act(() => jest.advanceTimersByTime(1000));
    expect(updates).toBe(119);
  });

  test('frames come at 16, 32, 48, 64, 80 and 96 ms of fake performance.now()', () => {
    jest.useFakeTimers();
    const stamps = [];
    const unsubscribe = getDefaultScheduler().subscribe((frame) => void stamps.push(frame.timestampMs));
    jest.advanceTimersByTime(100);
    unsubscribe();
    expect(stamps).toEqual([16, 32, 48, 64, 80, 96]);
    expect(performance.now()).toBe(100);
  });

  test('resetDefaultScheduler: the next test does not inherit the refresh estimate', () => {
    function Hud() {
      const { refreshRate, state } = useRefreshRate();
      return h('span', null, `${refreshRate} Hz ${state}`);
    }
    jest.useFakeTimers();
    const view = render(h(Hud));
    act(() => jest.advanceTimersByTime(3000));
    expect(view.container.textContent).toBe('62.5 Hz synced');
    view.unmount();
    resetDefaultScheduler();
    expect(render(h(Hud)).container.textContent).toBe('60 Hz measuring');
  });

  test('render gets the recording 2d context and nothing is logged', () => {
    const errors = jest.spyOn(console, 'error');
    jest.useFakeTimers();
    let renders = 0;
    const view = render(game({ render: (_alpha, _frame, { ctx }) => { renders++; ctx.fillRect(0, 0, 1, 1); } }));
    act(() => jest.advanceTimersByTime(100));
    expect(renders).toBe(6);
    const ctx = view.container.querySelector('canvas').getContext('2d');
    expect(ctx.calls.filter((c) => c.name === 'fillRect')).toHaveLength(6);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe('without the canvas stub', () => {
  afterEach(() => {
    cleanup();
    resetDefaultScheduler();
    jest.useRealTimers();
  });

  test('jsdom reports "Not implemented" for the canvas, updates still run, render is skipped', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.useFakeTimers();
    let updates = 0;
    let renders = 0;
    render(game({ update: () => void updates++, render: () => void renders++ }));
    act(() => jest.advanceTimersByTime(1000));
    expect(updates).toBe(58);
    expect(renders).toBe(0);
    expect(errors.mock.calls.some((args) => String(args[0]?.message ?? args[0]).includes('Not implemented: HTMLCanvasElement'))).toBe(true);
    errors.mockRestore();
  });
});
