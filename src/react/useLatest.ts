import { useInsertionEffect, useRef } from 'react';
import type { MutableRefObject } from 'react';

/**
 * A ref that always holds the value of the latest committed render, so a frame subscription made
 * once can call the newest callback without resubscribing.
 *
 * Why an insertion effect: it runs during commit, before layout effects and before any frame can
 * fire, it is never run on the server (so no `useLayoutEffect` SSR warning in React 18), and it
 * never writes during render (a render React throws away must not leak its callback).
 * @internal
 */
export function useLatest<T>(value: T): MutableRefObject<T> {
  const ref = useRef(value);
  useInsertionEffect(() => {
    ref.current = value;
  });
  return ref;
}
