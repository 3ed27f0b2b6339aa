import { useInsertionEffect, useRef } from 'react';
import type { MutableRefObject } from 'react';

/** The latest committed value, set in an insertion effect: before any frame, never on the server or in render. @internal */
export function useLatest<T>(value: T): MutableRefObject<T> {
  const ref = useRef(value);
  useInsertionEffect(() => {
    ref.current = value;
  });
  return ref;
}
