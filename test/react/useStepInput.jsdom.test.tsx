// @vitest-environment jsdom
// jsdom stamps events with Date.now() (epoch ms, 1.8e12) while frames run on performance.now().
import { defineDefaultTimestampTests } from './stepInputClock.js';

defineDefaultTimestampTests();
