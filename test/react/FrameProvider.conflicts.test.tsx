import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { FrameProvider } from '../../src/index.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';

describe('<FrameProvider scheduler> with props that configure its own scheduler', () => {
  afterEach(() => vi.restoreAllMocks());

  it('warns in development, naming the ignored props; no warning without a conflict', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const scheduler = createFrameScheduler({ source: createManualFrameSource({ startMs: 0 }) });
    const { unmount } = render(
      <FrameProvider scheduler={scheduler} paused timeScale={0.5}>
        x
      </FrameProvider>,
    );
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/<FrameProvider>: paused, timeScale ignored because `scheduler` is given/);
    // The given scheduler is left as its owner configured it.
    expect(scheduler.paused).toBe(false);
    unmount();
    warn.mockClear();
    render(<FrameProvider scheduler={scheduler}>y</FrameProvider>);
    render(<FrameProvider paused>z</FrameProvider>);
    expect(warn).not.toHaveBeenCalled();
    scheduler.destroy();
  });
});
