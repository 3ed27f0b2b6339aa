// <FrameTimingOverlay> wherever it is put: inside <GameCanvas> (through a portal to document.body),
// under <Activity>, with any size it accepts; props checked like every component's; its toggle key
// leaves text fields alone.
import { describe, expect, it, vi } from 'vitest';
import * as fc from 'fast-check';
import * as React from 'react';
import { act } from 'react';
import type { ReactNode } from 'react';
import { FrameTimingOverlay } from '../../src/devtools/index.js';
import type { FrameTimingOverlayProps, TimingRecording } from '../../src/devtools/index.js';
import { GameCanvas, useFixedUpdate } from '../../src/index.js';
import { renderWithFrames } from '../../src/testing/index.js';
import { captureDownloads, lines, newestCtx, newestOverlay, overlayTestSetup } from './overlayHelpers.js';

const { mount } = overlayTestSetup();

function Job() {
  useFixedUpdate(() => undefined);
  return null;
}

/** React 19's <Activity> (absent from React 18). */
const Activity = (React as unknown as { Activity?: (props: { mode: 'hidden' | 'visible'; children: ReactNode }) => ReactNode }).Activity;

describe('<FrameTimingOverlay> wherever it is put', () => {
  it('inside <GameCanvas> it renders into document.body (not canvas fallback content), shows the canvas clock and paints', () => {
    const view = mount(
      <GameCanvas width={100} height={50}>
        <Job />
        <FrameTimingOverlay />
      </GameCanvas>,
    );
    const overlay = newestOverlay();
    expect(overlay.closest('canvas')).toBeNull();
    expect(overlay.parentElement).toBe(document.body);
    expect(view.container.contains(overlay)).toBe(false);
    view.advanceFrames(30);
    expect(lines(newestCtx()).clock).toMatch(/^α \d\.\d\d {2}steps 1 {2}lost 0\.000 s$/);
    view.rerender(null);
    expect(document.querySelector('[data-testid="frame-timing-overlay"]')).toBeNull();
  });

  it('elsewhere it renders where it is put (a transformed box keeps it inside)', () => {
    const view = mount(
      <div data-testid="box">
        <FrameTimingOverlay />
      </div>,
    );
    const overlay = newestOverlay();
    expect(overlay.parentElement?.getAttribute('data-testid')).toBe('box');
    expect(view.container.contains(overlay)).toBe(true);
    view.rerender(null);
  });

  it('rejects mistyped and unknown props at mount, naming the component, the prop and the value', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ defaultVisible: 'false' }, /^<FrameTimingOverlay>: prop `defaultVisible` must be a boolean, got "false"$/],
      [{ zIndex: '9' }, /^<FrameTimingOverlay>: prop `zIndex` must be a whole number, got "9"$/],
      [{ clock: 5 }, /^<FrameTimingOverlay>: prop `clock` must be a fixed clock .* or null, got 5$/],
      [{ colors: { backgroud: '#000' } }, /^<FrameTimingOverlay>: prop `colors` has no colour `backgroud` \(known: background, text, frame, grid, dropped, flap, steps\)$/],
      [{ colors: { text: 5 } }, /^<FrameTimingOverlay>: prop `colors.text` must be a CSS colour string, got 5$/],
      [{ colors: 'dark' }, /prop `colors` must be an object of CSS colours, got "dark"/],
      [{ height: 60 }, /^<FrameTimingOverlay>: prop `height` must be at least 124 \(CSS px: 6 lines of text at fontSize 12, the steps row and the strip\), got 60$/],
      [{ barWidth: 300 }, /prop `barWidth` must be at most `width` \(280\), got 300/],
      [{ fontSize: 10 }, /prop `fontSize` must be at least 11 \(px, readable on a phone\), got 10/],
      [{ width: -5 }, /prop `width` must be a finite number >= 100 \(CSS px\), got -5/],
      [{ position: 'middle' }, /prop `position` must be one of 'top-left', 'top-right', 'bottom-left', 'bottom-right', got "middle"/],
      [{ toggleKey: 5 }, /prop `toggleKey` must be a KeyboardEvent.code string or null, got 5/],
      [{ colour: {} }, /^<FrameTimingOverlay>: unknown prop `colour` \(got an object; did you mean `colors`\?\)$/],
    ];
    for (const [props, message] of bad) expect(() => renderWithFrames(<FrameTimingOverlay {...(props as FrameTimingOverlayProps)} />), JSON.stringify(props)).toThrow(message);
  });

  it('its toggle key is ignored when typed into an input, a textarea, a select or contenteditable', () => {
    mount(<FrameTimingOverlay />);
    const fields = [document.createElement('input'), document.createElement('textarea'), document.createElement('select'), document.createElement('div')];
    fields[3]!.contentEditable = 'true';
    const inside = fields[3]!.appendChild(document.createElement('b'));
    for (const field of fields) document.body.appendChild(field);
    const type = (target: Element) => act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { code: 'Backquote', key: '`', bubbles: true })));
    for (const target of [...fields, inside]) {
      type(target);
      expect(document.querySelector('[data-testid="frame-timing-overlay"]'), target.tagName).not.toBeNull();
    }
    type(document.body);
    expect(document.querySelector('[data-testid="frame-timing-overlay"]')).toBeNull();
    for (const field of fields) field.remove();
  });

  it('every size it accepts draws inside itself: every rectangle and every text line', () => {
    /** The least height for a font size, as the component's own error states it. */
    const minHeight = (fontSize: number): number => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        renderWithFrames(<FrameTimingOverlay fontSize={fontSize} height={1} />);
      } catch (error) {
        return Number(/at least (\d+)/.exec(String(error))?.[1]);
      }
      throw new Error('height 1 was accepted');
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 500 }),
        fc.double({ min: 11, max: 24, noNaN: true }),
        fc.integer({ min: 0, max: 200 }),
        fc.double({ min: 0.75, max: 16, noNaN: true }),
        (width, fontSize, extraHeight, barWidth) => {
          const height = minHeight(fontSize) + extraHeight;
          const view = renderWithFrames(<FrameTimingOverlay width={width} height={height} fontSize={fontSize} barWidth={barWidth} />);
          try {
            const ctx = newestCtx();
            const eps = 1e-9;
            let bars = 0;
            const outside: string[] = [];
            // Until the strip is full (and past it), checking the frames' calls and letting them go.
            for (let frame = 0; frame < Math.ceil(width / barWidth) + 30; frame += 40) {
              view.advanceFrames(40);
              let rects = 0;
              for (const call of ctx.calls) {
                if (call.name === 'fillRect') {
                  const [x, y, w, h] = call.args as number[];
                  if (!(x! >= -eps && y! >= -eps && x! + w! <= width + eps && y! + h! <= height + eps)) outside.push(`fillRect(${call.args.join(', ')})`);
                  rects++;
                } else if (call.name === 'fillText') {
                  const [, x, y, maxWidth] = call.args as [string, number, number, number | undefined];
                  if (!(maxWidth !== undefined && x >= 0 && x + maxWidth <= width && y >= 0 && y + fontSize * 1.3 <= height)) outside.push(`fillText at ${x}, ${y} (max ${maxWidth})`);
                }
              }
              bars = Math.max(bars, rects / 40);
              ctx.calls.length = 0;
            }
            expect(outside.slice(0, 3), `drawn outside ${width} × ${height}`).toEqual([]);
            // The strip was full: as many bars as fit (and the backgrounds, grid and steps).
            expect(bars).toBeGreaterThan(Math.floor(width / barWidth));
          } finally {
            view.unmount();
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 30_000);

  it('under <Activity mode="hidden"> the recording stops and, shown again, the button says so and offers what it kept', async () => {
    if (!Activity) {
      // React 18 has no <Activity>; the react18 project runs this file too.
      expect(React.version.startsWith('18.')).toBe(true);
      return;
    }
    const downloads = captureDownloads();
    const tree = (mode: 'hidden' | 'visible') => (
      <Activity mode={mode}>
        <FrameTimingOverlay />
      </Activity>
    );
    const view = mount(tree('visible'), true);
    const button = () => newestOverlay().querySelector('button')!;
    act(() => button().click());
    expect(button().textContent).toBe('■ stop and download recording');
    view.advanceFrames(30);
    view.rerender(tree('hidden'));
    view.advanceFrames(30);
    view.rerender(tree('visible'));
    view.advanceFrames(30);
    // Nothing records now: the button must not offer to stop.
    expect(button().textContent).toBe('⤓ download recording (stopped while hidden)');
    act(() => button().click());
    expect(button().textContent).toBe('● record timing');
    const recording = JSON.parse(await downloads[0]!.text()) as TimingRecording;
    expect(recording.frames).toHaveLength(30);
  });
});
