// Calibration: the start and end markers with no frame loop between them.
import { run } from './harness.mjs';

run('markers only (no loop)', () => {});
