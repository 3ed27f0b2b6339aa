// react-timestep: one loop on the browser's rAF, N subscribers. createFrameLoop is the loop the
// hooks run on without a provider (no refresh detection until a hook that reads the rate installs it).
import { hit, run } from './harness.mjs';
import { createFrameLoop } from '../../dist/index.js';

run('react-timestep', (n) => {
  const loop = createFrameLoop();
  for (let i = 0; i < n; i++) loop.subscribe(() => hit(), { phase: 'update' });
});
