// One setup function per frame loop under test. Each runs in its own Node process (see
// worker.mjs), so libraries that keep a module-level singleton loop (rafz, motion-dom,
// mainloop.js) start fresh and no contender's JIT feedback leaks into another's.
//
// Every contender gets N subscribers whose callback is trivial (one increment of a shared typed
// array, which never allocates) and is driven by the same fake display (../lib/fakeRaf.mjs).
// `frame()` runs exactly one display frame through the library's own entry point.

import { createRequire } from 'node:module';
import { createFakeRaf } from '../lib/fakeRaf.mjs';
import { ourModule } from '../lib/dist.mjs';

/** Shared hit counter: one float64 slot, incremented by every callback. */
export const hits = new Float64Array(1);

/**
 * Installs the fake display as the page globals a browser would have. Must run before a library
 * that captures `requestAnimationFrame` at import time (motion-dom, mainloop.js) is imported.
 */
function installGlobals() {
  const raf = createFakeRaf();
  globalThis.requestAnimationFrame = raf.request;
  globalThis.cancelAnimationFrame = raf.cancel;
  // Node lets the method be replaced; libraries that read performance.now() see the fake clock.
  performance.now = raf.now;
  return raf;
}

/**
 * @typedef {object} Contender
 * @property {string} label  Name in the tables.
 * @property {string} how    One line on how it is driven, for RESULTS.md.
 * @property {(n: number) => Promise<{ frame: () => void, expectedCallsPerFrame: number, callTolerance?: number }>} setup
 */

/** Loads our package from the built dist/, as users get it. */
async function loadOurs() {
  const mod = await import(ourModule('index.js')).catch(() => null);
  if (mod && typeof mod.createFrameScheduler === 'function') return mod;
  throw new Error('createFrameScheduler not found in dist/ (run `node scripts/build.mjs`)');
}

/** @type {Record<string, Contender>} */
export const contenders = {
  floor: {
    label: 'floor: plain array loop',
    how: 'not a library: a for-loop over an array of N callbacks, the least any loop can do',
    async setup(n) {
      const raf = installGlobals();
      const callbacks = [];
      for (let i = 0; i < n; i++) callbacks.push(makeCallback());
      const loop = (t) => {
        for (let i = 0; i < callbacks.length; i++) callbacks[i](t);
        raf.request(loop);
      };
      raf.request(loop);
      return { frame: raf.flush, expectedCallsPerFrame: n };
    },
  },

  floorIsolated: {
    label: 'floor with error isolation',
    how: 'not a library: the same array loop inside one try per frame that, when a callback throws, reports it and resumes after it (what a scheduler must do), showing what isolation costs when done that way',
    async setup(n) {
      const raf = installGlobals();
      const callbacks = [];
      for (let i = 0; i < n; i++) callbacks.push(makeCallback());
      const loop = (t) => {
        const count = callbacks.length;
        let i = 0;
        while (i < count) {
          try {
            for (; i < count; i++) callbacks[i](t);
          } catch (error) {
            console.error(error);
            i += 1;
          }
        }
        raf.request(loop);
      };
      raf.request(loop);
      return { frame: raf.flush, expectedCallsPerFrame: n };
    },
  },

  ours: {
    label: 'react-timestep',
    how: "createFrameScheduler({ source }) from dist/ (refresh detection starts at the first subscribe), frameloop 'always', subscribe(cb, { phase: 'update' }); frames come from the fake rAF",
    async setup(n) {
      const raf = installGlobals();
      const { createFrameScheduler } = await loadOurs();
      const source = { request: raf.request, cancel: raf.cancel, now: raf.now };
      const scheduler = createFrameScheduler({ source, frameloop: 'always' });
      for (let i = 0; i < n; i++) scheduler.subscribe(makeCallback(), { phase: 'update' });
      return { frame: raf.flush, expectedCallsPerFrame: n };
    },
  },

  oursManual: {
    label: 'react-timestep advance()',
    how: "the same loop in frameloop 'manual', one advance(timestampMs) per frame",
    async setup(n) {
      const raf = installGlobals();
      const { createFrameScheduler } = await loadOurs();
      const source = { request: raf.request, cancel: raf.cancel, now: raf.now };
      const scheduler = createFrameScheduler({ source, frameloop: 'manual' });
      for (let i = 0; i < n; i++) scheduler.subscribe(makeCallback(), { phase: 'update' });
      // flush() only moves the fake clock here: nothing is queued at the fake rAF.
      const frame = () => scheduler.advance(raf.flush());
      return { frame, expectedCallsPerFrame: n };
    },
  },

  oursDetecting: {
    label: 'react-timestep, detecting',
    how: "createFrameScheduler({ source }): the same loop with refresh-rate detection sampling every frame and the adaptive frame rate installed (off), what a page using useRefreshRate, useSmoothedDelta, useSyncedUpdate or useFrameStats runs",
    async setup(n) {
      const raf = installGlobals();
      const { createFrameScheduler } = await loadOurs();
      const source = { request: raf.request, cancel: raf.cancel, now: raf.now };
      const scheduler = createFrameScheduler({ source, frameloop: 'always' });
      for (let i = 0; i < n; i++) scheduler.subscribe(makeCallback(), { phase: 'update' });
      return { frame: raf.flush, expectedCallsPerFrame: n };
    },
  },

  rafz: {
    label: '@react-spring/rafz',
    how: 'raf(cb) with callbacks returning true (repeat next frame); raf.use(fake rAF), raf.now = fake clock',
    async setup(n) {
      const fake = installGlobals();
      const { raf } = await import('@react-spring/rafz');
      raf.use(fake.request);
      raf.now = fake.now;
      for (let i = 0; i < n; i++) {
        const callback = makeCallback();
        raf(() => {
          callback();
          return true;
        });
      }
      return { frame: fake.flush, expectedCallsPerFrame: n };
    },
  },

  motion: {
    label: 'motion-dom frame',
    how: 'frame.update(cb, true) (keepAlive); the batcher captured the fake rAF at import and reads the fake performance.now()',
    async setup(n) {
      const raf = installGlobals();
      const { frame } = await import('motion-dom');
      for (let i = 0; i < n; i++) frame.update(makeCallback(), true);
      return { frame: raf.flush, expectedCallsPerFrame: n };
    },
  },

  pixi: {
    label: 'PixiJS Ticker update()',
    how: "import { Ticker } from 'pixi.js' (needs a one-line globalThis.navigator shim in Node 20); new Ticker(), ticker.add(cb), ticker.update(timestamp) per frame",
    async setup(n) {
      const { raf, ticker } = await pixiTicker(n);
      const frame = () => ticker.update(raf.flush());
      return { frame, expectedCallsPerFrame: n };
    },
  },

  pixiLoop: {
    label: 'PixiJS Ticker, started',
    how: "the same Ticker started (ticker.start()): its own requestAnimationFrame loop on the fake rAF, which calls update(timestamp) and re-requests the next frame, as a started ticker does in a PixiJS app; driven like every other row",
    async setup(n) {
      const { raf, ticker } = await pixiTicker(n);
      ticker.start();
      return { frame: raf.flush, expectedCallsPerFrame: n };
    },
  },

  mainloop: {
    label: 'mainloop.js',
    how: 'MainLoop.setUpdate(step => run the N callbacks).start(); it is one global loop with one update hook, so N subscribers are an array the app keeps; 60 Hz step on the fake rAF',
    async setup(n) {
      const raf = installGlobals();
      // mainloop.js reads window.requestAnimationFrame once, when it loads.
      globalThis.window = { requestAnimationFrame: raf.request, cancelAnimationFrame: raf.cancel };
      const require = createRequire(import.meta.url);
      const MainLoop = require('mainloop.js');
      const callbacks = [];
      for (let i = 0; i < n; i++) callbacks.push(makeCallback());
      MainLoop.setUpdate((stepMs) => {
        for (let i = 0; i < callbacks.length; i++) callbacks[i](stepMs);
      });
      MainLoop.start();
      // Its first frame only records the start time.
      raf.flush();
      // Whole-millisecond timestamps against a 16.67 ms step: now and then a frame runs 0 or 2
      // updates, so the calls per frame only average out to N.
      return { frame: raf.flush, expectedCallsPerFrame: n, callTolerance: 0.02 };
    },
  },

  rafPerHook: {
    label: 'one rAF per hook',
    how: 'N independent callbacks, each calling requestAnimationFrame(self) again every frame (what N components with their own useEffect + rAF do)',
    async setup(n) {
      const raf = installGlobals();
      for (let i = 0; i < n; i++) {
        const callback = makeCallback();
        const loop = (t) => {
          callback(t);
          raf.request(loop);
        };
        raf.request(loop);
      }
      return { frame: raf.flush, expectedCallsPerFrame: n };
    },
  },
};

/** A distinct closure per subscriber, as N components would each pass their own. */
function makeCallback() {
  return () => {
    hits[0] += 1;
  };
}

/** A stopped PixiJS Ticker with N callbacks, on the fake display. */
async function pixiTicker(n) {
  const raf = installGlobals();
  // pixi.js reads navigator.userAgent at import; Node 20 has no navigator global.
  globalThis.navigator ??= { userAgent: 'node' };
  const { Ticker } = await import('pixi.js');
  const ticker = new Ticker();
  ticker.autoStart = false;
  for (let i = 0; i < n; i++) ticker.add(makeCallback());
  return { raf, ticker };
}
