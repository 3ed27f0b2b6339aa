import { useFrame } from '../../../src/index.js';
import type { SimulatedDisplay } from './simulatedDisplay.js';

/**
 * Makes simulated displays obey the story's transport bar. Rendered outside the providers that use
 * the displays, on the story's own loop (the decorator's `<FrameProvider>`, which the bar pauses and
 * resumes for one frame per single step): each of its frames freezes the displays while it is
 * paused, so a paused story gets no frames from them and a single step lets exactly one through.
 */
export function FollowTransport({ displays }: { displays: readonly SimulatedDisplay[] }) {
  useFrame(
    (frame) => {
      for (let i = 0; i < displays.length; i += 1) displays[i]!.frozen = frame.paused;
    },
    { phase: 'input' },
  );
  return null;
}
