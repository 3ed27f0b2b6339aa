// A fixed-timestep scene in React: one useFixedTimestep (1/60 s steps, 'previous' interpolation)
// moving N objects, each a component with its own useInterpolated position and a <div>. Every
// step snapshots and moves every object; every frame blends every object and writes its div's
// transform (the style work that follows is the browser's, after the scripting measured here).
import { createElement as h, useRef, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { hit, run } from './harness.mjs';
import { getDefaultScheduler, useFixedTimestep, useInterpolated } from '../../dist/index.js';

const bodies = [];

function Body({ index }) {
  const position = useInterpolated({ kind: 'vector', size: 2, initial: [index % 40 * 20, Math.floor(index / 40) * 20] });
  const el = useRef(null);
  useLayoutEffect(() => {
    const body = { position, el: el.current, vx: 30 + (index % 7) * 10, vy: 20 + (index % 5) * 10, out: [0, 0] };
    bodies.push(body);
    return () => void bodies.splice(bodies.indexOf(body), 1);
  }, [position, index]);
  return h('div', { ref: el, style: { position: 'absolute', width: '4px', height: '4px', background: '#333' } });
}

function Scene({ n }) {
  useFixedTimestep({
    step: 1 / 60,
    update: (dt) => {
      for (let i = 0; i < bodies.length; i++) {
        const b = bodies[i];
        b.position.snapshot();
        const p = b.position.current;
        p[0] += b.vx * dt;
        p[1] += b.vy * dt;
        if (p[0] < 0 || p[0] > 800) b.vx = -b.vx;
        if (p[1] < 0 || p[1] > 600) b.vy = -b.vy;
      }
    },
    render: (alpha) => {
      for (let i = 0; i < bodies.length; i++) {
        const b = bodies[i];
        const [x, y] = b.position.blend(alpha, b.out);
        b.el.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
        hit();
      }
    },
  });
  const children = [];
  for (let i = 0; i < n; i++) children.push(h(Body, { key: i, index: i }));
  return children;
}

run('react-timestep: useFixedTimestep scene, 1,000 interpolated objects', (n) => {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  flushSync(() => root.render(h(Scene, { n })));
  if (bodies.length !== n || getDefaultScheduler().subscriberCount === 0) throw new Error(`scene not mounted: ${bodies.length} bodies`);
});
