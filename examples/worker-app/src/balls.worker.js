// The worker module: the simulation steps here, on the worker's own clock.
import { serveSimulation } from 'react-timestep/worker';
import { balls } from './balls.simulation.js';

serveSimulation(balls);
