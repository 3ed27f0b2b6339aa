// Our built package, frozen for the length of a run. Other people rebuild dist/ while they work
// (the build deletes it first), so `npm run bench` copies it to bench/.tmp/dist once, right after
// building, and every worker, page and section loads our code from that copy.
import { cpSync, existsSync, rmSync } from 'node:fs';

const DIST = new URL('../../dist/', import.meta.url);
const SNAPSHOT = new URL('../.tmp/dist/', import.meta.url);

/** Copies dist/ to the snapshot. Retries briefly if a concurrent build has dist/ half-written. */
export function snapshotDist() {
  for (let attempt = 0; attempt < 20; attempt++) {
    rmSync(SNAPSHOT, { recursive: true, force: true });
    try {
      cpSync(DIST, SNAPSHOT, { recursive: true });
      if (['index.js', 'core/index.js', 'simulation/index.js'].every((f) => existsSync(new URL(f, SNAPSHOT)))) return;
    } catch {
      // dist/ was being rewritten: try again
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
  throw new Error('could not copy a complete dist/ (run `node scripts/build.mjs`)');
}

/**
 * URL of one built entry (e.g. 'core/index.js'): the run's snapshot, or dist/ itself when a
 * worker is started on its own.
 * @param {string} entry
 */
export function ourModule(entry) {
  const snapshot = new URL(entry, SNAPSHOT);
  return existsSync(snapshot) ? snapshot.href : new URL(entry, DIST).href;
}
