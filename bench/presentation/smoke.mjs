#!/usr/bin/env node
// `npm test` step: a short run of the Chromium presentation harness (one algorithm, idle, ~2 s and
// at least 60 pictures) that fails unless at least 95 % of the pictures the page drew were paired
// with a presentation in Chromium's own trace. It checks that the pairing rule still holds on this
// Chromium; the figures themselves belong to `npm run bench`.
import { runPresentation, ALGORITHMS, SCENARIOS } from './run.mjs';
import { checkPairingRule } from './selfcheck.mjs';

const MIN_PAIRED = 0.95;
/** Fewer pictures than this means the page hardly ran: no basis for the check. */
const MIN_DRAWN = 30;

checkPairingRule();
console.log('✓ pairing rule on a hand-built trace (slow main frame, superseded, dropped, skipped ticks)');

const started = Date.now();
const { browser, results } = await runPresentation({
  seconds: 2,
  // However slowly a loaded machine draws: the check needs pictures, not a frame rate.
  minFrames: 2 * MIN_DRAWN,
  warmupSeconds: 0.5,
  algorithms: ALGORITHMS.filter((a) => a.id === 'slicer'),
  scenarios: SCENARIOS.filter((s) => s.id === 'idle'),
});
const r = results[0];
const m = r.metrics;
console.log(`${browser}, ${r.algorithm} ${r.scenario}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`  drawn ${r.counts.drawn}, presented ${r.counts.presented} (${(r.pairedRatio * 100).toFixed(1)} % paired), dropped ${r.counts.dropped}, no reporter ${r.counts.unreported}, outside a main frame ${r.counts.outsideMainFrame}`);
console.log(`  shown ${r.shown} (superseded ${r.superseded}), vblanks between pictures ${JSON.stringify(r.vblankCounts)}, display interval ${r.intervalMs.toFixed(3)} ms`);
console.log(`  flaps ${m.flaps}/${m.flapsCounted}, rAF ≠ screen ${r.rafMismatches}, judder ${m.judderMs.toFixed(3)} ms RMS, lag ${m.lagMeanMs.toFixed(1)} ms mean, pipeline ${r.pipelineMeanMs.toFixed(1)} ms, rAF timestamp vs BeginFrame time ≤ ${r.checks.maxTimestampSkewMs.toFixed(3)} ms`);
if (r.counts.drawn < MIN_DRAWN) {
  console.error(`✖ only ${r.counts.drawn} pictures in the trace of a run that drew ${2 * MIN_DRAWN} or more (need ${MIN_DRAWN})`);
  process.exit(1);
}
if (r.pairedRatio < MIN_PAIRED) {
  console.error(`✖ ${(r.pairedRatio * 100).toFixed(1)} % of drawn pictures paired with a presentation (need ≥ ${MIN_PAIRED * 100} %)`);
  process.exit(1);
}
console.log(`✓ ≥ ${MIN_PAIRED * 100} % of drawn pictures paired with a presentation`);
