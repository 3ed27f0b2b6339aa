// react-timestep in React: N mounted components, each with useFrame, on the default scheduler.
// Mounted inside flushSync so that their effects (the subscriptions, and with them the loop's
// first requestAnimationFrame) run before the harness's end marker is requested: the loop's
// callbacks then fall between the two markers every frame, like every other page's.
import { hit, run } from './harness.mjs';
import { mountMany } from './mountMany.mjs';
import { getDefaultScheduler, useFrame } from '../../dist/index.js';

function Spinner() {
  useFrame(() => hit());
  return null;
}

run('react-timestep: 1,000 useFrame components', (n) => {
  mountMany(Spinner, n);
  const subscribed = getDefaultScheduler().subscriberCount;
  if (subscribed !== n) throw new Error(`expected ${n} subscriptions after the mount, got ${subscribed}`);
});
