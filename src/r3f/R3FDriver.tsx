import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Canvas, useThree } from '@react-three/fiber';
import type { CanvasProps } from '@react-three/fiber';
import { finiteNumber, optionsObject, withDefault } from '../core/internal.js';
import { useFrameScheduler } from '../react/index.js';

// After every other `'render'` subscriber, so r3f's picture holds all this frame wrote.
const LAST = Number.MAX_SAFE_INTEGER;

/** Options of {@link useR3FDriver} and props of {@link R3FDriver}. */
export interface R3FDriverOptions {
  /** Order among the scheduler's `'render'` subscribers (lower first). Default: after all of them. */
  priority?: number;
}

/**
 * Make the scheduler the only frame loop of the surrounding r3f `<Canvas>`: r3f's `advance` runs
 * once per scheduler frame on its game clock. Call it inside `<Canvas>`. Depth: docs/adapters.md.
 */
export function useR3FDriver(options?: R3FDriverOptions): void {
  const o = optionsObject('useR3FDriver', options, false, ['priority']);
  const priority = finiteNumber('useR3FDriver', 'priority', withDefault(o.priority, LAST));
  const scheduler = useFrameScheduler();
  const advance = useThree((state) => state.advance);
  const setFrameloop = useThree((state) => state.setFrameloop);
  const get = useThree((state) => state.get);

  useEffect(() => {
    const previous = get().frameloop;
    if (previous !== 'never') setFrameloop('never');
    return () => {
      if (previous !== 'never') setFrameloop(previous);
    };
  }, [get, setFrameloop]);

  useEffect(() => scheduler.subscribe((frame) => advance(frame.elapsedSeconds, true), { phase: 'render', priority }), [scheduler, advance, priority]);
}

/** Props of {@link R3FDriver}. */
export type R3FDriverProps = R3FDriverOptions;

/** {@link useR3FDriver} as a component, inside an r3f `<Canvas>`. Renders nothing. */
export function R3FDriver(props: R3FDriverProps): null {
  useR3FDriver(props);
  return null;
}

/** Props of {@link TimestepCanvas}: r3f's `<Canvas>` props, less `frameloop` (always `'never'`: the scheduler drives it). */
export type TimestepCanvasProps = Omit<CanvasProps, 'frameloop'> & {
  /** The scene. */
  children?: ReactNode;
};

/** r3f's `<Canvas>` with ONE frame loop: the nearest scheduler renders it through {@link R3FDriver}. */
export function TimestepCanvas(props: TimestepCanvasProps): ReactNode {
  const { children, ...canvasProps } = props;
  return (
    <Canvas {...canvasProps} frameloop="never">
      <R3FDriver />
      {children}
    </Canvas>
  );
}
