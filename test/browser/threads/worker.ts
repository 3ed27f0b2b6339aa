// The worker module of the real-browser thread tests: serves the simulation to the page.
import { serveSimulation } from '../../../src/worker/index.js';
import { stamps } from './simulation.js';

serveSimulation(stamps);
