// Child process: React cost of 1,000 mounted components that each animate every frame.
//   NODE_ENV=production node bench/react/worker.mjs
// Contenders: our useFrame (callbacks over the shared scheduler, no React state) against the
// common hand-written hook that stores the frame time in state (useState + its own rAF loop).
// Commits are counted with <Profiler onRender>, renders by counting component function calls.
// React runs on a happy-dom Window, in its production build with profiling on
// (react-dom/profiling: the only production build that calls onRender). Each frame is one fake
// rAF flush inside flushSync, so the state updates it causes are rendered and committed before
// the timer stops (act() does not exist in production builds).

import { createFakeRaf } from '../lib/fakeRaf.mjs';
import { ourModule } from '../lib/dist.mjs';

const COMPONENTS = 1_000;
const WARMUP_FRAMES = 50;
const FRAMES = 300;

// A DOM for react-dom: happy-dom's Window, with the globals react-dom reads.
const { Window } = await import('happy-dom');
const window = new Window({ url: 'http://localhost/' });
globalThis.window = window;
globalThis.document = window.document;
globalThis.navigator ??= window.navigator;
globalThis.HTMLElement = window.HTMLElement;
globalThis.Node = window.Node;

const raf = createFakeRaf();
globalThis.requestAnimationFrame = raf.request;
globalThis.cancelAnimationFrame = raf.cancel;

const React = await import('react');
const { createRoot } = await import('react-dom/profiling');
const { flushSync } = await import('react-dom');
const ours = await import(ourModule('index.js'));
const { createElement: h, Profiler, useEffect, useState } = React;

/** One display frame, with every React update it caused rendered and committed. */
function frame() {
  flushSync(() => void raf.flush());
}

const counters = { renders: 0, commits: 0, calls: 0, sink: 0 };

function OursComponent() {
  counters.renders += 1;
  ours.useFrame((frame) => {
    counters.calls += 1;
    counters.sink += frame.deltaSeconds;
  });
  return null;
}

function StateComponent() {
  counters.renders += 1;
  const [time, setTime] = useState(0);
  useEffect(() => {
    let handle = 0;
    const loop = (t) => {
      counters.calls += 1;
      setTime(t);
      handle = requestAnimationFrame(loop);
    };
    handle = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(handle);
  }, []);
  counters.sink += time;
  return null;
}

const onRender = () => {
  counters.commits += 1;
};

async function measure(label, Component, wrap) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const children = [];
  for (let i = 0; i < COMPONENTS; i++) children.push(h(Component, { key: i }));
  flushSync(() => root.render(h(Profiler, { id: label, onRender }, wrap(children))));
  // Passive effects (where both hooks subscribe) run after the commit, in a scheduler task.
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (let i = 0; i < WARMUP_FRAMES; i++) frame();
  const startRenders = counters.renders;
  const startCommits = counters.commits;
  const startCalls = counters.calls;
  const times = [];
  for (let i = 0; i < FRAMES; i++) {
    const t0 = process.hrtime.bigint();
    frame();
    times.push(Number(process.hrtime.bigint() - t0));
  }
  const result = {
    label,
    components: COMPONENTS,
    frames: FRAMES,
    commitsPerFrame: (counters.commits - startCommits) / FRAMES,
    rendersPerFrame: (counters.renders - startRenders) / FRAMES,
    // Every component's frame callback must have run once per frame.
    callsPerFrame: (counters.calls - startCalls) / FRAMES,
    medianNs: median(times),
  };
  flushSync(() => root.unmount());
  container.remove();
  return result;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// Ours first needs its scheduler on the fake rAF: a provider with our source.
const source = { request: raf.request, cancel: raf.cancel, now: raf.now };
if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production');
const results = [
  await measure('useFrame (react-timestep)', OursComponent, (children) => h(ours.FrameProvider, { source }, children)),
  await measure('useState + rAF per component', StateComponent, (children) => children),
];
for (const r of results) process.stdout.write(`${JSON.stringify(r)}\n`);
process.exit(0);
