// <GameCanvas> validates its size and context props: a bad one throws a RangeError naming it
// (caught by an error boundary) instead of handing render a NaN-sized or unscaled buffer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameProvider, GameCanvas } from '../../src/index.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { CatchError, mount, strict, unmountAll, withListenerErrorsReported } from './helpers.js';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

describe('<GameCanvas> size props out of range', () => {
  it.each([
    ['maxPixelRatio', { maxPixelRatio: Number.NaN }],
    ['maxPixelRatio', { maxPixelRatio: 0 }],
    ['maxPixelRatio', { maxPixelRatio: -1 }],
    ['width', { width: Number.NaN, height: 10 }],
    ['width', { width: -5, height: 10 }],
    ['height', { width: 10, height: Infinity }],
    ['contextType', { contextType: 'webgpu' }],
  ])('%s = %j → RangeError naming it', (option, props) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let caught: unknown;
    withListenerErrorsReported(() => {
      mount(
        strict(
          <CatchError onError={(e) => (caught ??= e)}>
            <FrameProvider source={createManualFrameSource()}>
              <GameCanvas width={10} height={10} update={() => undefined} render={() => undefined} {...(props as object)} />
            </FrameProvider>
          </CatchError>,
        ),
      );
    });
    expect(caught).toBeInstanceOf(RangeError);
    expect((caught as Error).message).toContain(`\`${option}\``);
  });
});
