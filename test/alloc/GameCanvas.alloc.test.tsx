// One <GameCanvas> with three children drawing on it allocates per frame nothing but its clock's
// one alpha: preparing the canvas, the save/restore around each child's render and handing it
// `{ ctx, size }` add none. The context is a no-op stand-in (a recording one would allocate).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameProvider, GameCanvas, useFixedRender, useFixedUpdate } from '../../src/index.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';
import { ALLOCATION_TEST_TIMEOUT_MS, boxedTimestamps, exposeGc, leastBytesPerCall, NOTHING_PER_CALL, ONE_BOXED_NUMBER } from './gc.js';
import { cleanupMounted, render } from '../react/helpers.js';

const FRAMES = 50_000;
const WARMUP = 30_000;
const RUNS = 6;
const timestamps = boxedTimestamps(WARMUP + RUNS * FRAMES + 1, 1000 / 144);

afterEach(() => {
  cleanupMounted();
  vi.restoreAllMocks();
});

function Sprite({ sink, k }: { sink: Float64Array; k: number }) {
  useFixedUpdate((dt) => void (sink[k] = sink[k]! + dt));
  useFixedRender((alpha, _frame, { ctx, size }) => ctx.fillRect(alpha * size.width, k, 1, 1));
  return null;
}

describe('<GameCanvas> with drawing children: per-frame allocation', { timeout: ALLOCATION_TEST_TIMEOUT_MS }, () => {
  it('three children drawing: at most the one boxed alpha a frame', () => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    let fills = 0;
    const noop = (): void => undefined;
    const ctx = { save: noop, restore: noop, setTransform: noop, clearRect: noop, fillRect: () => void fills++ };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
    const source = createManualFrameSource();
    const scheduler = createFrameScheduler({ source, refreshRate: 144 });
    const sink = new Float64Array(3);
    render(
      <FrameProvider scheduler={scheduler}>
        <GameCanvas width={10} height={10} step={1 / 400}>
          <Sprite sink={sink} k={0} />
          <Sprite sink={sink} k={1} />
          <Sprite sink={sink} k={2} />
        </GameCanvas>
      </FrameProvider>,
    );
    let i = 0;
    const bound = ONE_BOXED_NUMBER + NOTHING_PER_CALL;
    const bytes = leastBytesPerCall(gc!, WARMUP, FRAMES, RUNS, () => source.tick(timestamps[i++] as number), bound);
    console.info(`bytes per frame, a GameCanvas with 3 drawing children: ${bytes.toFixed(2)}`);
    expect(fills).toBeGreaterThan(3 * (WARMUP + FRAMES) * 0.9); // the children drew
    expect(sink[2]).toBeGreaterThan((WARMUP + FRAMES) * (1 / 144) * 0.9);
    expect(bytes).toBeLessThan(bound);
  });
});
