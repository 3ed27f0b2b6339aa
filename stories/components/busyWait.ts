/**
 * Burn `ms` milliseconds of main-thread time, the way an expensive update or draw would. Used to
 * inject load into the live demos: a busy loop, not a timer, because a timer would yield the
 * thread and the frame would not actually get slower.
 * @returns the milliseconds actually spent (≥ ms)
 */
export function busyWait(ms: number): number {
  if (!(ms > 0)) return 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) now = performance.now();
  return now - start;
}
