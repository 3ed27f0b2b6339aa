// @react-spring/rafz in React: N mounted components, each running its own rafz loop from an effect
// (a callback that returns true, keeping itself scheduled, while the component is mounted): the
// counterpart of oursHooks.mjs, so that the two are compared in the same kind of page (React and
// its 1,000 fibers in the heap). Mounted inside flushSync, whose passive effects run before it
// returns, so the loop's first request comes before the harness's end marker, like oursHooks'.
import { useEffect } from 'react';
import { raf } from '@react-spring/rafz';
import { hit, run } from './harness.mjs';
import { mountMany } from './mountMany.mjs';

let effectsRun = 0;

function Spinner() {
  useEffect(() => {
    let mounted = true;
    effectsRun += 1;
    raf(() => {
      hit();
      return mounted;
    });
    return () => {
      mounted = false;
    };
  }, []);
  return null;
}

run('@react-spring/rafz: 1,000 components', (n) => {
  mountMany(Spinner, n);
  if (effectsRun !== n) throw new Error(`expected ${n} effects after the mount, got ${effectsRun}`);
});
