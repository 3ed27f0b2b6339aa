// Run by scripts/detector-before.mjs inside an old checkout of src/ (see there); not part of the package.
import { createRefreshRateDetector } from '../../src/core/index.js';
import { loadBrowserStreams } from '../../test/fixtures/browserFrames.js';
import { COUNTING_KINDS, detectorVerdicts, flaps } from '../../test/fixtures/browserMetrics.js';
import { SWITCH_KINDS, relockOverSeeds } from '../../test/fixtures/rateSwitches.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
/** The previous release's detector, its 'unsynced' read as today's 'variable' (the same reading, renamed). */
function renamed() {
  const d = createRefreshRateDetector();
  const view = { ...d.estimate };
  return {
    get estimate() { return view; },
    sample(t: number) { Object.assign(view, d.sample(t)); if (view.state === 'unsynced') view.state = 'variable' as never; return view; },
    reset() { d.reset(); },
  };
}
const mode = process.argv[2];
const dir = process.argv[3]!;
if (mode === 'streams') {
  const out: Record<string, unknown> = {};
  for (const s of loadBrowserStreams()) {
    const d = detectorVerdicts(s, renamed as never);
    const flapsPercent: Record<string, number | null> = {};
    for (const k of COUNTING_KINDS) flapsPercent[k] = s.grid ? Number((100 * flaps(s, k).ratio).toFixed(2)) : null;
    out[s.name] = { flapsPercent, verdictPercent: Number((100 * d.share).toFixed(1)), finalVerdict: d.final };
  }
  writeFileSync(join(dir, 'before-streams.json'), JSON.stringify(out));
} else {
  const out: Record<string, unknown> = {};
  for (const kind of SWITCH_KINDS) {
    const times = relockOverSeeds(kind, 50, undefined, renamed as never);
    const f = (v: number) => (Number.isFinite(v) ? Math.round(v) : null);
    out[kind.name] = { medianMs: f(times[times.length >> 1]!), worstMs: f(times[times.length - 1]!) };
  }
  writeFileSync(join(dir, 'before-switches.json'), JSON.stringify(out));
}
