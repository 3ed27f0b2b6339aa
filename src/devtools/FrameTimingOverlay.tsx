import { useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CSSProperties, Dispatch, SetStateAction } from 'react';
import { createPortal } from 'react-dom';
import { FixedClockContext } from '../react/internal.js';
import { useFrameScheduler } from '../react/index.js';
import type { FrameScheduler } from '../scheduler/index.js';
import { createOverlayModel } from './overlayModel.js';
import { watchOverlayCauses } from './overlayCauses.js';
import { createOverlayPainter, DEFAULT_COLORS, stripCapacity } from './overlayPaint.js';
import type { OverlayColors } from './overlayPaint.js';
import { checkOverlayProps } from './overlayProps.js';
import type { FrameTimingOverlayProps } from './overlayProps.js';
import { recordTiming } from './recordTiming.js';
import type { TimingRecorder } from './recordTiming.js';

export type { FrameTimingOverlayProps } from './overlayProps.js';

function download(json: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `timing-${new Date().toISOString().replace(/[:.]/g, '-')}.timing.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// The page's body on the client, none on a server (and during hydration, which then renders it).
const noSubscription = (): (() => void) => () => undefined;
const clientBody = (): HTMLElement | null => (typeof document === 'undefined' ? null : document.body);
const serverBody = (): null => null;

/** Keys typed into a field are the user's text, not a toggle. */
function isEditable(event: KeyboardEvent): boolean {
  const target = (event.composedPath?.()[0] ?? event.target) as Partial<HTMLElement> | null;
  if (!target || typeof target.tagName !== 'string') return false;
  return target.isContentEditable === true || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

function useToggleKey(toggleKey: string | null, setVisible: Dispatch<SetStateAction<boolean>>): void {
  useEffect(() => {
    if (toggleKey === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.code === toggleKey && !event.repeat && !isEditable(event)) setVisible((v) => !v);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggleKey, setVisible]);
}

/**
 * The ● button. Its effects' cleanup stops a recording (unmount, or an `<Activity mode="hidden">`,
 * which React cannot tell apart): shown again, the button says the recording stopped and offers
 * what it kept, never "■ stop" while nothing records.
 */
function useRecordButton(scheduler: FrameScheduler): { label: string; onClick: () => void } {
  const [recorder, setRecorder] = useState<TimingRecorder | null>(null);
  const [interrupted, setInterrupted] = useState(false);
  const stoppedByCleanup = useRef<TimingRecorder | null>(null);
  useEffect(() => {
    if (!recorder) return;
    // Shown again after a hidden <Activity> stopped it: say so (state set in reply to that).
    if (stoppedByCleanup.current === recorder) return setInterrupted(true);
    return () => {
      recorder.stop();
      stoppedByCleanup.current = recorder;
    };
  }, [recorder]);
  const onClick = () => {
    if (recorder) {
      download(JSON.stringify(recorder.stop()));
      setRecorder(null);
      setInterrupted(false);
    } else {
      setRecorder(recordTiming({ scheduler }));
    }
  };
  const label = !recorder ? '● record timing' : interrupted ? '⤓ download recording (stopped while hidden)' : '■ stop and download recording';
  return { label, onClick };
}

/** What a recording started here reproduces: docs/devtools.md, "What a recording made mid-game reproduces". */
export const RECORD_TITLE =
  'Records frames, input and the scheduler’s controls from now on. A replay mounts the game fresh: its state, keys held now, ' +
  'and the pause, time scale and step index of a clock made before now are not in the recording. For a replay of the whole session, ' +
  'call recordTiming() before the game mounts.';

/**
 * Frame timing over the page, from the app's own scheduler, painted from a frame callback (never a
 * re-render) on a canvas of its own, where it is put; inside `<GameCanvas>` (where a child would be
 * canvas fallback content) into `document.body` through a portal. A button records the session for
 * `replayTiming`. See docs/devtools.md.
 * @throws RangeError naming `<FrameTimingOverlay>` and the prop for an unknown or mistyped prop.
 */
export function FrameTimingOverlay(props: FrameTimingOverlayProps) {
  const s = checkOverlayProps(props as Readonly<Record<string, unknown>>);
  const { width, height, fontSize, barWidth } = s;
  const scope = useContext(FixedClockContext);
  const provided = scope?.clock ?? null;
  // Inside <GameCanvas> a child would be canvas fallback content, never shown: there it goes to the body.
  const insideCanvas = scope?.canvas != null;
  const clock = s.clock === undefined ? provided : s.clock;
  const scheduler = useFrameScheduler();
  const [visible, setVisible] = useState(s.defaultVisible);
  const record = useRecordButton(scheduler);
  const host = useSyncExternalStore(noSubscription, clientBody, serverBody);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const c = { ...DEFAULT_COLORS, ...s.colors };
  // The colours as one string: a new `colors` object with the same values does not repaint from scratch.
  const colorKey = `${c.background}|${c.text}|${c.frame}|${c.grid}|${c.dropped}|${c.flap}|${c.steps}`;
  useToggleKey(s.toggleKey, setVisible);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!visible || !canvas) return;
    const dpr = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    const ctx = canvas.getContext('2d');
    ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
    const [background, text, frame, grid, dropped, flap, steps] = colorKey.split('|') as string[];
    const colors: OverlayColors = { background: background!, text: text!, frame: frame!, grid: grid!, dropped: dropped!, flap: flap!, steps: steps! };
    const model = createOverlayModel(stripCapacity(width, barWidth), scheduler);
    const causes = watchOverlayCauses();
    const painter = ctx ? createOverlayPainter(ctx, width, height, fontSize, colors, barWidth, causes) : null;
    const clockStats = clock ? clock.stats : null;
    let first = true;
    const unsubscribe = scheduler.subscribe(
      (info) => {
        model.sample(info, clockStats);
        painter?.paint(model, clockStats, info.timestampMs, first);
        first = false;
      },
      // Last of the frame: the clock has run its steps and renders.
      { phase: 'after', priority: Number.MAX_VALUE },
    );
    return () => {
      unsubscribe();
      causes.stop();
    };
  }, [visible, host, scheduler, clock, width, height, fontSize, barWidth, colorKey]);

  if (!visible || !host) return null;
  const [vertical, horizontal] = s.position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const box: CSSProperties = { position: 'fixed', [vertical]: 0, [horizontal]: 0, width, zIndex: s.zIndex, pointerEvents: 'none' };
  const button: CSSProperties = { pointerEvents: 'auto', font: `${fontSize}px ui-monospace, monospace`, margin: 0, padding: '2px 6px', width: '100%' };
  const overlay = (
    <div style={box} data-testid="frame-timing-overlay">
      <canvas ref={canvasRef} style={{ width, height, display: 'block' }} aria-label="frame timing" />
      <button type="button" style={button} onClick={record.onClick} title={RECORD_TITLE}>
        {record.label}
      </button>
    </div>
  );
  return insideCanvas ? createPortal(overlay, host) : overlay;
}
