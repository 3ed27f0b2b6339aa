/**
 * A fixed clock's jobs in run order (priority, then the order added). Added jobs are pushed and
 * join the order at the next pass by one stable sort and merge: k jobs cost O(k log k + n).
 * Removed jobs are marked, and dropped once they are a quarter of the list. @internal
 */

export interface Job<F> {
  /** The callback; released (a no-op) once removed, so whatever it held is collectable at once. */
  fn: F;
  readonly priority: number;
  live: boolean;
  /** In `ordered` (else in `added`). */
  placed: boolean;
  /** The clock's frame in which the job is skipped for the rest of the frame (it threw); −1: never. */
  skipFrame: number;
}

export interface JobList<F> {
  /** Sorted by priority, ties in the order added; may hold dead jobs (skip them). */
  readonly ordered: Array<Job<F>>;
  /** Added since the last {@link settleJobs}, in the order added. */
  readonly added: Array<Job<F>>;
  /** Dead jobs in `ordered`; live jobs. */
  dead: number;
  count: number;
}

export function createJobList<F>(): JobList<F> {
  return { ordered: [], added: [], dead: 0, count: 0 };
}

const byPriority = (a: Job<unknown>, b: Job<unknown>): number => a.priority - b.priority;

export function addJob<F>(list: JobList<F>, fn: F, priority: number): Job<F> {
  const job: Job<F> = { fn, priority, live: true, placed: false, skipFrame: -1 };
  list.added.push(job);
  list.count++;
  return job;
}

/** Remove `job` (idempotent). `released` replaces its callback. */
export function removeJob<F>(list: JobList<F>, job: Job<F>, released: F): void {
  if (!job.live) return;
  job.live = false;
  job.fn = released;
  list.count--;
  if (job.placed) list.dead++;
}

/** Between passes: merge the jobs added into the order, drop dead jobs when worth it. */
export function settleJobs<F>(list: JobList<F>): void {
  const { ordered, added } = list;
  if (added.length > 0) {
    // Array.prototype.sort is stable: equal priorities keep the order added.
    const incoming = added.filter(isLive).sort(byPriority);
    added.length = 0;
    merge(ordered, incoming);
  }
  if (list.dead > 0 && list.dead * 4 >= ordered.length) compact(list);
}

function isLive(job: Job<unknown>): boolean {
  return job.live;
}

function compact<F>(list: JobList<F>): void {
  const jobs = list.ordered;
  let write = 0;
  for (let read = 0; read < jobs.length; read++) {
    const job = jobs[read]!;
    if (job.live) jobs[write++] = job;
  }
  jobs.length = write;
  list.dead = 0;
}

/** Merge sorted `incoming` (all added after every job in `ordered`) into `ordered`, in place from the back. */
function merge<F>(ordered: Array<Job<F>>, incoming: Array<Job<F>>): void {
  let i = ordered.length - 1;
  let j = incoming.length - 1;
  for (const job of incoming) {
    job.placed = true;
    ordered.push(job); // (grows the array; every slot is overwritten below)
  }
  let w = ordered.length - 1;
  // Only jobs of a higher priority than the lowest incoming one move (none in the common case).
  while (j >= 0) {
    if (i >= 0 && ordered[i]!.priority > incoming[j]!.priority) ordered[w--] = ordered[i--]!;
    else ordered[w--] = incoming[j--]!;
  }
}
