// Shared helpers of the React tests. Every tree is rendered inside <StrictMode>.
import { act, Profiler, StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import type { ManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import type { FrameScheduler, FrameSchedulerOptions } from '../../src/scheduler/types.js';

/**
 * A minimal `render` on `react-dom/client` + React's own `act`. Used instead of
 * @testing-library/react so that the `react18` project (which aliases react and react-dom to
 * React 18) mounts with the aliased react-dom. Call {@link cleanupMounted} in afterEach.
 */
const mounted = new Set<() => void>();

export function render(ui: ReactNode): { container: HTMLElement; rerender(ui: ReactNode): void; unmount(): void } {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  act(() => root.render(ui));
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => root.unmount());
    container.remove();
  };
  mounted.add(unmount);
  return {
    container,
    rerender: (next) => act(() => root.render(next)),
    unmount,
  };
}

/** Unmounts everything {@link render} mounted and the test left behind. */
export function cleanupMounted(): void {
  for (const unmount of [...mounted]) unmount();
}

/** Counts React commits of a subtree (mount + every update) with <Profiler onRender>. */
export function createCommitCounter(): { count: number; Counted: (props: { children: ReactNode }) => ReactNode } {
  const counter = {
    count: 0,
    Counted: ({ children }: { children: ReactNode }) => (
      <Profiler
        id="counted"
        onRender={() => {
          counter.count++;
        }}
      >
        {children}
      </Profiler>
    ),
  };
  return counter;
}

/** Wraps a tree in StrictMode (double effects, as in development). */
export function strict(node: ReactNode): ReactNode {
  return <StrictMode>{node}</StrictMode>;
}

/**
 * A display driven by hand: a vblank every 1000 / refreshRate ms. A vblank that passes while a
 * frame is still "working" (the clock moved past it with setNow) is skipped, like a real
 * requestAnimationFrame after a long frame.
 */
export interface Display {
  source: ManualFrameSource;
  scheduler: FrameScheduler;
  /** Vblanks so far (skipped ones included). */
  readonly vblanks: number;
  /** Run `n` frames (each inside `wrap`). */
  run(n: number): void;
  /** Switch to another display rate from the next vblank on (a new monitor). */
  setRefreshRate(refreshRate: number): void;
}

export function createDisplay(
  refreshRate: number,
  options: Omit<FrameSchedulerOptions, 'source'> = {},
  wrap: (fn: () => void) => void = (fn) => fn(),
): Display {
  const source = createManualFrameSource({ startMs: 0 });
  const scheduler = createFrameScheduler({ ...options, source });
  let intervalMs = 1000 / refreshRate;
  let lastMs = 0;
  let vblanks = 0;
  return {
    source,
    scheduler,
    get vblanks() {
      return vblanks;
    },
    run(n) {
      for (let i = 0; i < n; i++) {
        let t = lastMs + intervalMs;
        vblanks++;
        while (t < source.now()) {
          t += intervalMs;
          vblanks++;
        }
        lastMs = t;
        wrap(() => source.tick(t));
      }
    },
    setRefreshRate(rate) {
      intervalMs = 1000 / rate;
    },
  };
}
