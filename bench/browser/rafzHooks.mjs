// @react-spring/rafz in React: N mounted components, each running its own rafz loop from an effect
// (a callback that returns true, keeping itself scheduled, while the component is mounted): the
// counterpart of oursHooks.mjs, so that the two are compared in the same kind of page (React and
// its 1,000 fibers in the heap). Mounted inside flushSync, whose passive effects run before it
// returns, so the loop's first request comes before the harness's end marker, like oursHooks'.
import { createElement as h, Fragment, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { raf } from '@react-spring/rafz';
import { hit, run } from './harness.mjs';

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
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  const children = [];
  for (let i = 0; i < n; i++) children.push(h(Spinner, { key: i }));
  flushSync(() => root.render(h(Fragment, null, children)));
  if (effectsRun !== n) throw new Error(`expected ${n} effects after the mount, got ${effectsRun}`);
});
