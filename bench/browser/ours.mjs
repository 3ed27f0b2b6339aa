// react-timestep: one scheduler on the browser's rAF, N subscribers.
import { hit, run } from './harness.mjs';
import { createFrameScheduler } from '../../dist/index.js';

run('react-timestep', (n) => {
  const scheduler = createFrameScheduler();
  for (let i = 0; i < n; i++) scheduler.subscribe(() => hit(), { phase: 'update' });
});
