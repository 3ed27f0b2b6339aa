// One requestAnimationFrame loop per subscriber.
import { hit, run } from './harness.mjs';

run('one rAF per hook', (n) => {
  for (let i = 0; i < n; i++) {
    const loop = () => {
      hit();
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }
});
