import { useEffect, useState } from 'react';

/**
 * A value that starts as a story arg, follows the arg when the Controls panel changes it, and can
 * also be changed from the demo's own buttons (which is how the play functions drive it). The demo
 * is never remounted: the running hooks see the new value, and their history is kept.
 */
export function useLiveArg<T>(arg: T): [T, (value: T) => void] {
  const [value, setValue] = useState(arg);
  useEffect(() => setValue(arg), [arg]);
  return [value, setValue];
}
