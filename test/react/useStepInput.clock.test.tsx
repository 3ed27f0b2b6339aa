// happy-dom (the project's environment); the same tests run in jsdom in useStepInput.jsdom.test.tsx.
import { defineDefaultTimestampTests } from './stepInputClock.js';

defineDefaultTimestampTests();
