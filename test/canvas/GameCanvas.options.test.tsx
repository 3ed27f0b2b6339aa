// Option checks of <GameCanvas>: a fixed-step, size or context prop out of range throws a
// RangeError naming it (caught by an error boundary) instead of handing render a NaN-sized or
// unscaled buffer. Each case first proves that a good value passes where it can.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameProvider, GameCanvas } from '../../src/index.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { CatchError, expectRangeErrorNaming, mount, renderError, strict, unmountAll, withListenerErrorsReported } from '../helpers/react.js';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

const source = () => createManualFrameSource();

describe('<GameCanvas> fixed-step props out of range', () => {
  const cases: Array<[option: string, props: Record<string, unknown>]> = [
    ['step', { step: 0 }],
    ['step', { step: -1 / 60 }],
    ['step', { step: Infinity }],
    ['maxSteps', { maxSteps: 2.5 }],
    ['overload', { overload: 'explode' }],
    ['interpolation', { interpolation: 'cubic' }],
  ];
  it.each(cases)('%s = %j → RangeError naming it', (option, props) => {
    const canvas = (p: Record<string, unknown>) => (
      <FrameProvider source={source()}>
        <GameCanvas width={10} height={10} update={() => undefined} render={() => undefined} {...(p as object)} />
      </FrameProvider>
    );
    const good = renderError(canvas({}));
    expect(good.error()).toBeUndefined();
    unmountAll();
    expectRangeErrorNaming(renderError(canvas(props)).error(), option);
  });
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
