// The stories' worker module: serves the dots simulation.
import { serveSimulation } from '../../src/worker/index.js';
import { dots } from './dots.simulation.js';

serveSimulation(dots);
