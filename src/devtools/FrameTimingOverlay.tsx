import { useContext, useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { checkKnownKeys, oneOf, positiveNumber, withDefault } from '../core/internal.js';
import { FixedClockContext } from '../react/internal.js';
import { useFrameScheduler } from '../react/index.js';
import type { FixedClock } from '../scheduler/index.js';
import { createOverlayModel } from './overlayModel.js';
import { createOverlayPainter, DEFAULT_COLORS } from './overlayPaint.js';
import type { OverlayColors } from './overlayPaint.js';
import { recordTiming } from './recordTiming.js';
import type { TimingRecorder } from './recordTiming.js';

const OWNER = 'FrameTimingOverlay';
const KNOWN_PROPS = ['position', 'width', 'height', 'fontSize', 'barWidth', 'colors', 'toggleKey', 'defaultVisible', 'clock', 'zIndex'];
const POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
const MIN_FONT_PX = 11;

/** Props of {@link FrameTimingOverlay}. */
export interface FrameTimingOverlayProps {
  /** Corner of the viewport. Default `'top-right'`. */
  position?: (typeof POSITIONS)[number];
  /** CSS px. Default 280. */
  width?: number;
  /** CSS px. Default 150. */
  height?: number;
  /** Text size, CSS px, at least 11. Default 12. */
  fontSize?: number;
  /** Width of one frame's bar in the strip, CSS px. Default 2. */
  barWidth?: number;
  /** Colours: `background`, `text`, `frame`, `grid`, `dropped`, `flap`, `steps`. */
  colors?: Partial<OverlayColors>;
  /** `KeyboardEvent.code` that shows and hides the overlay; `null`: none. Default `'Backquote'`. */
  toggleKey?: string | null;
  /** Shown at mount. Default true. */
  defaultVisible?: boolean;
  /** The fixed clock to show (alpha, steps, lost time). Default: the nearest `<FixedClockProvider>`'s; `null`: none. */
  clock?: FixedClock | null;
  /** CSS z-index. Default 2147483000. */
  zIndex?: number;
}

function download(json: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `timing-${new Date().toISOString().replace(/[:.]/g, '-')}.timing.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Frame timing over the page, from the app's own scheduler, painted from a frame callback (never a
 * re-render); a button records the session for `replayTiming`. See docs/devtools.md.
 * @throws RangeError naming `FrameTimingOverlay` and the prop for a bad size, position or font size.
 */
export function FrameTimingOverlay(props: FrameTimingOverlayProps) {
  checkKnownKeys(OWNER, props as Record<string, unknown>, KNOWN_PROPS);
  const position = oneOf(OWNER, 'position', withDefault(props.position, 'top-right'), POSITIONS);
  const width = positiveNumber(OWNER, 'width', withDefault(props.width, 280));
  const height = positiveNumber(OWNER, 'height', withDefault(props.height, 150));
  const fontSize = positiveNumber(OWNER, 'fontSize', withDefault(props.fontSize, 12));
  if (fontSize < MIN_FONT_PX) throw new RangeError(`${OWNER}: prop \`fontSize\` must be at least ${MIN_FONT_PX} (px, readable on a phone), got ${fontSize}`);
  const barWidth = positiveNumber(OWNER, 'barWidth', withDefault(props.barWidth, 2));
  const toggleKey = props.toggleKey === undefined ? 'Backquote' : props.toggleKey;
  if (toggleKey !== null && typeof toggleKey !== 'string') throw new RangeError(`${OWNER}: prop \`toggleKey\` must be a KeyboardEvent.code string or null, got ${String(toggleKey)}`);
  const provided = useContext(FixedClockContext)?.clock ?? null;
  const clock = props.clock === undefined ? provided : props.clock;
  const scheduler = useFrameScheduler();
  const [visible, setVisible] = useState(props.defaultVisible ?? true);
  const [recorder, setRecorder] = useState<TimingRecorder | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const c = { ...DEFAULT_COLORS, ...props.colors };
  // The colours as one string: a new `colors` object with the same values does not repaint from scratch.
  const colorKey = `${c.background}|${c.text}|${c.frame}|${c.grid}|${c.dropped}|${c.flap}|${c.steps}`;

  useEffect(() => {
    if (toggleKey === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.code === toggleKey && !event.repeat) setVisible((v) => !v);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggleKey]);

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
    const model = createOverlayModel(Math.max(1, Math.ceil(width / barWidth)), scheduler);
    const painter = ctx ? createOverlayPainter(ctx, width, height, fontSize, colors, barWidth) : null;
    const clockStats = clock ? clock.stats : null;
    let first = true;
    return scheduler.subscribe(
      (info) => {
        model.sample(info, clockStats);
        painter?.paint(model, clockStats, info.timestampMs, first);
        first = false;
      },
      // Last of the frame: the clock has run its steps and renders.
      { phase: 'after', priority: Number.MAX_VALUE },
    );
  }, [visible, scheduler, clock, width, height, fontSize, barWidth, colorKey]);

  useEffect(() => () => void recorder?.stop(), [recorder]);

  if (!visible) return null;
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const box: CSSProperties = { position: 'fixed', [vertical]: 0, [horizontal]: 0, width, zIndex: props.zIndex ?? 2147483000, pointerEvents: 'none' };
  const button: CSSProperties = { pointerEvents: 'auto', font: `${fontSize}px ui-monospace, monospace`, margin: 0, padding: '2px 6px', width: '100%' };
  const onRecord = () => {
    if (recorder) {
      download(JSON.stringify(recorder.stop()));
      setRecorder(null);
    } else {
      setRecorder(recordTiming({ scheduler }));
    }
  };
  return (
    <div style={box} data-testid="frame-timing-overlay">
      <canvas ref={canvasRef} style={{ width, height, display: 'block' }} aria-label="frame timing" />
      <button type="button" style={button} onClick={onRecord}>
        {recorder ? '■ stop and download recording' : '● record timing'}
      </button>
    </div>
  );
}
