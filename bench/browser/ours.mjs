// react-timestep: one loop on the browser's rAF, N subscribers, made by createFrameScheduler (which
// starts refresh detection at the first subscribe).
import { hit, run } from './harness.mjs';
import { createFrameScheduler } from '../../dist/index.js';

run('react-timestep', (n) => {
  const loop = createFrameScheduler();
  for (let i = 0; i < n; i++) loop.subscribe(() => hit(), { phase: 'update' });
});
