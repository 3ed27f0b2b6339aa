import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { FrameProvider } from '../../src/index.js';
import { StepDriver, Transport, TransportContext } from './transport.js';
import type { StoryTransport } from './transport.js';

/** The window event a browser test dispatches to change a running story's args (see {@link StoryFrame}). */
export const UPDATE_ARGS_EVENT = 'react-timestep:update-args';

/** Docs pages: the one story instance per component that runs live; the others wait for "Play". */
const liveOnDocsPage = new Map<string, object>();

/**
 * Claim the live slot of a docs page. On a docs page only one story instance per component runs
 * live (the first one rendered: the primary story at the top; the same story again in the list
 * below waits too): several live demos at once would share the main thread, and one demo's load
 * would show up in the others' measurements. `release` frees the slot when that instance unmounts
 * (leaving the page), so the next visit starts its primary story again.
 */
export function claimDocsLive(title: string): { live: boolean; release(): void } {
  const token = {};
  const live = !liveOnDocsPage.has(title);
  if (live) liveOnDocsPage.set(title, token);
  return {
    live,
    release() {
      if (liveOnDocsPage.get(title) === token) liveOnDocsPage.delete(title);
    },
  };
}

/** Props of {@link StoryFrame}. */
export interface StoryFrameProps {
  /** On a docs page: the component's title. Only the first instance per title starts playing. */
  docsTitle?: string | undefined;
  /** Start paused whatever the page. */
  initiallyPaused?: boolean;
  /** Renders the story; `overrides` are args a browser test changed at run time. */
  children: (overrides: Record<string, unknown>, resetCount: number) => ReactNode;
}

/**
 * What the Storybook decorator puts around every story: the transport bar, a `<FrameProvider>`
 * that the bar pauses (the package's hooks and {@link useRafLoop} stop while it is paused) and
 * resumes for one frame per single step, and a remount on reset. It also listens for
 * {@link UPDATE_ARGS_EVENT}, so a browser test can change args the way the controls panel does:
 * the story re-renders with them, it is not remounted.
 */
export function StoryFrame({ docsTitle, initiallyPaused = false, children }: StoryFrameProps) {
  const [claim] = useState(() => (docsTitle === undefined ? null : claimDocsLive(docsTitle)));
  useEffect(() => () => claim?.release(), [claim]);
  const startPaused = initiallyPaused || (claim !== null && !claim.live);
  const [paused, setPaused] = useState(startPaused);
  const [resetCount, setResetCount] = useState(0);
  const [steps, setSteps] = useState(0);
  const [overrides, setOverrides] = useState<Record<string, unknown>>({});
  const [started, setStarted] = useState(!startPaused);
  const stepFlag = useRef(false);

  useEffect(() => {
    const onArgs = (event: Event) => {
      const detail = (event as CustomEvent<Record<string, unknown>>).detail;
      setOverrides((previous) => ({ ...previous, ...detail }));
    };
    window.addEventListener(UPDATE_ARGS_EVENT, onArgs);
    return () => window.removeEventListener(UPDATE_ARGS_EVENT, onArgs);
  }, []);

  const transport = useMemo<StoryTransport>(
    () => ({
      paused,
      resetCount,
      get stepRequested() {
        return stepFlag.current;
      },
      set stepRequested(value: boolean) {
        stepFlag.current = value;
      },
      holdStep: false,
      consumeStep() {
        const was = stepFlag.current;
        stepFlag.current = false;
        return was;
      },
    }),
    [paused, resetCount],
  );

  return (
    <div data-testid="story-root" data-paused={paused ? 'true' : 'false'}>
      <Transport
        paused={paused}
        onPause={(next) => {
          setPaused(next);
          if (!next) setStarted(true);
        }}
        onStep={() => {
          stepFlag.current = true;
          setSteps((n) => n + 1);
        }}
        onReset={() => setResetCount((n) => n + 1)}
        note={started ? undefined : 'Waiting: one story per docs page runs live. Press Play to run this one.'}
      />
      <TransportContext.Provider value={transport}>
        <FrameProvider key={resetCount} paused={paused}>
          <StepDriver steps={steps} />
          {children(overrides, resetCount)}
        </FrameProvider>
      </TransportContext.Provider>
    </div>
  );
}
