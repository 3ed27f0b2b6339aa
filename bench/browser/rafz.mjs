// @react-spring/rafz: N callbacks that return true to run again next frame.
import { hit, run } from './harness.mjs';
import { raf } from '@react-spring/rafz';

run('@react-spring/rafz', (n) => {
  for (let i = 0; i < n; i++) {
    raf(() => {
      hit();
      return true;
    });
  }
});
