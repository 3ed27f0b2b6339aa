import { useEffect, useRef } from 'react';

/**
 * Call `callback(timestampMs)` on every real requestAnimationFrame while mounted. The stories that
 * compare several core algorithms side by side drive them all from this one loop, so each sees the
 * very same timestamps. The latest callback is kept in a ref: re-renders never restart the loop.
 */
export function useRafLoop(callback: (timestampMs: number) => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    let handle = 0;
    const tick = (timestampMs: number) => {
      handle = requestAnimationFrame(tick);
      latest.current(timestampMs);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, []);
}
