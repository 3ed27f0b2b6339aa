// The page of the long reliability run: mounts and unmounts a small game as fast as frames allow,
// under its own <FrameProvider> and on the page-wide default scheduler in turn, while a permanent
// game keeps the default loop running. Each churned game holds 4 KB on the JS heap through its
// frame callbacks, so a leaked subscription shows as heap growth. The harness pauses the churn at
// each checkpoint (window.__churn.paused) to collect garbage and read the heap.
import { createElement as h } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { FrameProvider, useFixedTimestep, useFrame } from '../../dist/index.js';

function Churned() {
  const payload = new Array(512).fill(0.5);
  useFrame(() => {
    payload[0] += 1;
  });
  useFixedTimestep({
    step: 1 / 60,
    update: () => {
      payload[1] += 1;
    },
    render: () => {
      payload[2] += 1;
    },
  });
  return null;
}

function Permanent() {
  useFrame(() => {
    state.frames += 1;
  });
  return null;
}

const state = { cycles: 0, frames: 0, paused: false };
window.__churn = state;

const permanent = createRoot(document.body.appendChild(document.createElement('div')));
flushSync(() => permanent.render(h(Permanent)));
const churned = createRoot(document.body.appendChild(document.createElement('div')));

/** Cycles per animation frame: enough to churn hard, few enough to let frames run. */
const PER_FRAME = 10;

function churn() {
  if (!state.paused) {
    for (let i = 0; i < PER_FRAME; i++) {
      const tree = state.cycles % 2 === 0 ? h(FrameProvider, null, h(Churned)) : h(Churned);
      flushSync(() => churned.render(tree));
      flushSync(() => churned.render(null));
      state.cycles += 1;
    }
  }
  requestAnimationFrame(churn);
}
requestAnimationFrame(churn);
window.__ready = true;
