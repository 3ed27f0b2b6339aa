import { useEffect, useRef } from 'react';

/**
 * The latest args of a story, read by its frame loop: a control change reaches the running demo
 * on the next frame, without a remount (the plots and trails keep their history).
 */
export function useLiveArgs<T extends object>(args: T): { readonly current: T } {
  const ref = useRef(args);
  ref.current = args;
  return ref;
}

/**
 * Run `apply` when one of `deps` changes after mount (not on mount): how a story pushes a control
 * into the running objects it cannot read per frame (a new step size into the fixed step …).
 */
export function useOnArgChange(apply: () => void, deps: readonly unknown[]): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    apply();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
