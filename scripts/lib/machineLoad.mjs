// Ways to make the machine busier while a stream is recorded (scripts/lib/recordStreams.mjs): the
// detector's constants must hold on frames from a machine nobody tuned them on (docs/browsers.md).
//
//   cpu   one spinning process per core, at normal priority: the browser competes for every core.
//   mem   a process that walks a large buffer a cache line at a time (memory bandwidth, cache
//         evictions; about a quarter of the free memory, at most 3 GiB), while the page allocates
//         short-lived arrays every frame (garbage-collector pauses).
//   paint the recorded page itself paints a lot: a 1280×720 canvas redrawn each frame with blurred
//         shapes, and shadowed boxes moved and rotated each frame.
//   tab   a second browser of the same kind runs a page that paints a lot beside the recorded one.
import { spawn } from 'node:child_process';
import { cpus, freemem } from 'node:os';

export const MACHINE_LOADS = ['none', 'cpu', 'mem', 'paint', 'tab'];

/** Shapes the painting pages draw per frame (here about one 60 Hz interval of software raster: frames drop). */
export const PAINT_SHAPES = 100;
/** Short-lived objects the page makes per frame under `mem` (about 0.6 MB: a collection every few frames). */
export const GARBAGE_OBJECTS = 16384;

const MEM_WALKER = `
const bytes = Number(process.argv[1]);
const chunks = [];
for (let left = bytes; left > 0; left -= 256 * 1024 * 1024) chunks.push(Buffer.alloc(Math.min(left, 256 * 1024 * 1024)));
for (let pass = 0; ; pass++) for (const c of chunks) for (let i = 0; i < c.length; i += 64) c[i] = pass;
`;

/** Start the processes a machine load needs; returns a function that stops them (by their pid). */
export function startMachineLoad(load) {
  const children = [];
  const start = (args) => children.push(spawn(process.execPath, args, { stdio: 'ignore' }));
  if (load === 'cpu') for (let i = 0; i < cpus().length; i++) start(['-e', 'for (;;) {}']);
  if (load === 'mem') start(['-e', MEM_WALKER, String(Math.min(3 * 2 ** 30, Math.floor(freemem() / 4)))]);
  return () => {
    for (const child of children) {
      try { process.kill(child.pid); } catch { /* already gone */ }
    }
  };
}

/** What the page does under a machine load (options of installRecorder). */
export function pageLoad(load) {
  return { paintShapes: load === 'paint' ? PAINT_SHAPES : 0, garbageObjects: load === 'mem' ? GARBAGE_OBJECTS : 0 };
}

/** One line for the fixture's description. */
export function describeMachineLoad(load) {
  switch (load) {
    case 'cpu': return `${cpus().length} spinning processes (one per core) beside the browser`;
    case 'mem': return `a process walking ${(Math.min(3 * 2 ** 30, freemem() / 4) / 2 ** 30).toFixed(1)} GiB a cache line at a time, and the page allocating ${GARBAGE_OBJECTS} short-lived objects a frame`;
    case 'paint': return `the page redraws a 1280×720 canvas with ${PAINT_SHAPES} blurred shapes and moves ${PAINT_SHAPES} shadowed boxes every frame`;
    case 'tab': return `a second browser of the same kind runs a page that redraws ${PAINT_SHAPES} blurred shapes and moves ${PAINT_SHAPES} shadowed boxes every frame`;
    default: return 'nothing else running on purpose';
  }
}
