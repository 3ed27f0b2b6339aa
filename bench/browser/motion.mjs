// motion-dom: N keep-alive callbacks in the frame loop's update step.
import { hit, run } from './harness.mjs';
import { frame } from 'motion-dom';

run('motion-dom frame', (n) => {
  for (let i = 0; i < n; i++) frame.update(() => hit(), true);
});
