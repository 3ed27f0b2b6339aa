import { useFrame } from '../../src/index.js';

/**
 * Call `callback(timestampMs)` once per frame of the package's own loop (the shared scheduler on the
 * real requestAnimationFrame). The stories that compare several core algorithms side by side drive
 * them all from this one subscription, so each sees the very same timestamps. The raw timestamp
 * is used (not the scheduler's clamped delta) because the algorithms under test do their own
 * clamping and accounting.
 */
export function useRafLoop(callback: (timestampMs: number) => void): void {
  useFrame((frame) => callback(frame.timestampMs));
}
