// react-timestep in React: N mounted components, each with useFrame, on the default scheduler.
// Mounted inside flushSync so that their effects (the subscriptions, and with them the loop's
// first requestAnimationFrame) run before the harness's end marker is requested: the loop's
// callbacks then fall between the two markers every frame, like every other page's.
import { createElement as h, Fragment } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { hit, run } from './harness.mjs';
import { getDefaultScheduler, useFrame } from '../../dist/index.js';

function Spinner() {
  useFrame(() => hit());
  return null;
}

run('react-timestep: 1,000 useFrame components', (n) => {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  const children = [];
  for (let i = 0; i < n; i++) children.push(h(Spinner, { key: i }));
  flushSync(() => root.render(h(Fragment, null, children)));
  const subscribed = getDefaultScheduler().subscriberCount;
  if (subscribed !== n) throw new Error(`expected ${n} subscriptions after the mount, got ${subscribed}`);
});
