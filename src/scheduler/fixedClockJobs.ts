/**
 * A fixed clock's jobs in run order (priority, then the order added). Added jobs wait in `added`
 * and join the order at the next pass by one stable sort and merge: k jobs cost O(k log k + n).
 * A removed job lets go of its callback at once; its slot is dropped at once outside a pass (so a
 * clock with no frames, or no renders left, keeps nothing), else once a quarter of the list is dead.
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

export class JobList<F> {
  /** Sorted by priority, ties in the order added; may hold dead jobs (skip them). */
  readonly ordered: Array<Job<F>> = [];
  /** Added since the last {@link settle}, in the order added. */
  private readonly added: Array<Job<F>> = [];
  /** Dead jobs in `ordered`. */
  private dead = 0;
  /** Live jobs. */
  count = 0;
  /** Inside a pass over `ordered`: removal only marks the job. */
  running = false;

  constructor(private readonly released: F) {}

  add(fn: F, priority: number): Job<F> {
    const job: Job<F> = { fn, priority, live: true, placed: false, skipFrame: -1 };
    this.added.push(job);
    this.count++;
    return job;
  }

  /** Remove `job` (idempotent). */
  remove(job: Job<F>): void {
    if (!job.live) return;
    job.live = false;
    job.fn = this.released;
    this.count--;
    if (!job.placed) {
      this.added.splice(this.added.lastIndexOf(job), 1);
      return;
    }
    this.dead++;
    if (!this.running) this.compactIfWorthIt();
  }

  /** Before a pass: merge the jobs added into the order, drop dead jobs when worth it. */
  settle(): void {
    if (this.added.length > 0) {
      // Array.prototype.sort is stable: equal priorities keep the order added.
      const incoming = this.added.splice(0).sort(byPriority);
      merge(this.ordered, incoming);
    }
    this.compactIfWorthIt();
  }

  private compactIfWorthIt(): void {
    const jobs = this.ordered;
    if (this.dead === 0 || this.dead * 4 < jobs.length) return;
    let write = 0;
    for (let read = 0; read < jobs.length; read++) {
      const job = jobs[read]!;
      if (job.live) jobs[write++] = job;
    }
    jobs.length = write;
    this.dead = 0;
  }
}

const byPriority = (a: Job<unknown>, b: Job<unknown>): number => a.priority - b.priority;

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
