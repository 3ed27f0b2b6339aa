// The threads benchmark's worker module.
import { serveSimulation } from '../../src/worker/index.js';
import { circles } from './simulation.js';

serveSimulation(circles);
