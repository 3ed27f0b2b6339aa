import { createContext, useContext, useEffect, useRef } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useFrame, useFrameScheduler } from '../../src/index.js';

/**
 * What a story's own frame loop reads to honour the transport bar. The object is live: the loop
 * reads it each frame (no React render needed), and {@link useStoryTransport} re-renders the
 * story only when `paused` or `resetCount` change.
 */
export interface StoryTransport {
  /** The story is paused: run no simulation time (draw the last picture again if you like). */
  paused: boolean;
  /** One single step was asked for while paused: run exactly one frame, then call {@link StoryTransport.consumeStep}. */
  stepRequested: boolean;
  /** Bumped by "Reset"; the story's subtree is remounted with it (all history cleared). */
  resetCount: number;
  /** Clear {@link StoryTransport.stepRequested}; returns whether a step was pending. */
  consumeStep(): boolean;
  /**
   * Set by a loop during a frame it did not count (simulated work still running): a single step
   * then lasts until the next frame the story really runs. Cleared after every frame.
   */
  holdStep: boolean;
}

const idle: StoryTransport = { paused: false, stepRequested: false, resetCount: 0, consumeStep: () => false, holdStep: false };

/** Provided by the Storybook decorator ({@link StoryFrame}); outside it a story simply runs. */
export const TransportContext = createContext<StoryTransport>(idle);

/**
 * The transport (pause, single step, reset) of the story this component is in. Stories that run
 * the package's hooks get pause and step for free (the decorator wraps them in a paused
 * `<FrameProvider>` and resumes it for one frame per step); a story with its own loop (or its own
 * `<FrameProvider>`) reads `paused` / `stepRequested` here.
 */
export function useStoryTransport(): StoryTransport {
  return useContext(TransportContext);
}

/**
 * Inside the decorator's `<FrameProvider>`: a single step resumes its scheduler for exactly one
 * frame (paused again in the 'after' phase of that frame).
 */
export function StepDriver({ steps }: { steps: number }) {
  const scheduler = useFrameScheduler();
  const transport = useStoryTransport();
  const pending = useRef({ seen: steps, pauseAfter: false });
  useEffect(() => {
    const p = pending.current;
    if (steps === p.seen) return;
    p.seen = steps;
    if (scheduler.paused) {
      scheduler.resume();
      p.pauseAfter = true;
    }
  }, [steps, scheduler]);
  useFrame(
    () => {
      const p = pending.current;
      const hold = transport.holdStep;
      transport.holdStep = false;
      if (!p.pauseAfter || hold) return;
      p.pauseAfter = false;
      scheduler.pause();
    },
    { phase: 'after' },
  );
  return null;
}

/** The look of every button in the stories (the transport bar and the stories' own). */
export const buttonStyle: CSSProperties = {
  font: '13px system-ui',
  padding: '3px 10px',
  borderRadius: 4,
  border: '1px solid color-mix(in srgb, currentColor 35%, transparent)',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
};

/** Props of {@link Transport}. */
export interface TransportProps {
  paused: boolean;
  onPause(paused: boolean): void;
  onStep(): void;
  onReset(): void;
  /** Shown next to the buttons (e.g. why a docs-page story waits). */
  note?: ReactNode;
}

/** The transport bar: play/pause, single step (while paused) and reset. */
export function Transport({ paused, onPause, onStep, onReset, note }: TransportProps) {
  return (
    <div role="toolbar" aria-label="transport" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center', margin: '0 0 8px' }}>
      <button type="button" style={buttonStyle} data-testid="transport-pause" aria-pressed={paused} onClick={() => onPause(!paused)}>
        {paused ? '▶ Play' : '‖ Pause'}
      </button>
      <button type="button" style={{ ...buttonStyle, opacity: paused ? 1 : 0.4 }} data-testid="transport-step" disabled={!paused} onClick={onStep}>
        Step one frame ▸|
      </button>
      <button type="button" style={buttonStyle} data-testid="transport-reset" onClick={onReset}>
        ↺ Reset
      </button>
      {note ? <span style={{ font: '12px system-ui', opacity: 0.75 }}>{note}</span> : null}
    </div>
  );
}

/** One button of a {@link Buttons} row. */
export interface ButtonSpec {
  text: string;
  onClick(): void;
  /** Shown pressed (a toggle that is on, the option in force). */
  pressed?: boolean;
}

/** A story's own buttons, in a row that wraps on a phone, with what they act on. */
export function Buttons({ label, buttons }: { label: string; buttons: readonly ButtonSpec[] }) {
  return (
    <div role="toolbar" aria-label={label} style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center', margin: '8px 0' }}>
      <span style={{ font: '12px system-ui', opacity: 0.75 }}>{label}:</span>
      {buttons.map((button) => (
        <button key={button.text} type="button" style={buttonStyle} aria-pressed={button.pressed} onClick={button.onClick}>
          {button.text}
        </button>
      ))}
    </div>
  );
}
