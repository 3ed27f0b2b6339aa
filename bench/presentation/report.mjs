// The presentation section of bench/RESULTS.md: what the viewer saw, from Chromium's own record.
// Every number below comes from the run; the prose only explains the method.
import { table, num } from '../lib/format.mjs';
import { ALGORITHMS, SCENARIOS, TRACE_CATEGORIES } from './run.mjs';

const TITLE = '## 5. What the viewer saw: Chromium\'s presentation record';
const BEFORE = '## Where ours is not ahead';

const percent = (x) => `${(x * 100).toFixed(1)} %`;
/** Milliseconds with `d` decimals; a value that rounds to zero shows as 0, never -0. */
const ms = (x, d = 1) => (x == null || Number.isNaN(x) ? '—' : (Math.abs(x) < 0.5 * 10 ** -d ? 0 : x).toFixed(d));

/**
 * @param {{ browser: string, seconds: number, results: any[] } | { error: string } | null} presentation
 * @param {{ date: string, commit: string, loadBefore: number, loadAfter: number }} [standalone]  set when
 *   this section was run on its own (write.mjs) rather than in the run the rest of the page comes from
 */
export function presentationSection(presentation, standalone) {
  const out = [TITLE, ''];
  if (standalone) {
    out.push(`_This section was run on its own (\`node bench/presentation/write.mjs\`) on ${standalone.date}, work tree at`);
    out.push(`${standalone.commit}, load average (1 min) ${standalone.loadBefore.toFixed(2)} before / ${standalone.loadAfter.toFixed(2)} after; the rest of the page comes from the run described at the top._`);
    out.push('');
  }
  if (!presentation) {
    out.push('_Not run (`--skip-browser`)._', '');
    return out.join('\n');
  }
  if ('error' in presentation) {
    out.push(`_This section failed in this run: ${presentation.error.split('\n')[0]}_`, '');
    return out.join('\n');
  }
  const { browser, seconds, results } = presentation;
  out.push(`Each algorithm runs alone in a real page in ${browser}, ${seconds} s per algorithm and scenario,`);
  out.push('while a CDP performance trace records what the compositor presented (categories');
  out.push(`${TRACE_CATEGORIES.map((c) => `\`${c}\``).join(', ')}). The page (\`bench/presentation/page.mjs\`, bundled`);
  out.push('with esbuild from `src/`) drives the algorithm from one `requestAnimationFrame` loop, draws the game');
  out.push('time it computed onto a canvas and marks it with `performance.mark`. The harness pairs every drawn');
  out.push('picture with its presentation and scores the shown pictures with the package\'s viewer model');
  out.push('(`createViewerMeter`, bundled from `src/simulation/viewer.ts`). Scenarios: idle; a busy-wait of');
  out.push('uniform 0–20 ms after drawing each frame (seeded); 4× CPU throttling (`Emulation.setCPUThrottlingRate`).');
  out.push('');
  out.push('**Pairing rule** (read from the traces, `bench/presentation/trace.mjs`): a mark lies inside one');
  out.push('`ProxyMain::BeginMainFrame` slice on the page\'s main thread; its `begin_frame_id` is the BeginFrame');
  out.push('sequence. The compositor\'s `PipelineReporter` with that `frame_sequence` whose stages include');
  out.push('`SendBeginMainFrameToCommit` carried the page\'s picture; its `state` says whether it was presented');
  out.push('(`STATE_PRESENTED_*`) and its end is the presentation timestamp. One sequence can have two reporters:');
  out.push('when the main thread is late, the compositor-only part is reported on time as');
  out.push('`STATE_PRESENTED_PARTIAL` and the main frame\'s part later, under the same sequence. A picture is on');
  out.push('screen from the first vblank after its presentation timestamp, on the grid of viz\'s begin-frame');
  out.push('source (`DelayBasedBeginFrameSource::OnTimerTick`); the vblanks between two shown pictures are the');
  out.push('grid points between them. Two presentations within one display interval: the first is never seen');
  out.push('(superseded; its updates count toward the picture that replaced it).');
  out.push('');
  out.push('Columns: **main thread ms** = mean length of the `ProxyMain::BeginMainFrame` slices that ran the page\'s frames');
  out.push('(its rAF callback, style, paint, commit); **paired** = drawn pictures that Chromium presented; **flaps vs screen** = shown pictures');
  out.push('whose updates (refresh intervals or steps handed out since the previous shown picture) differ from');
  out.push('the vblanks that elapsed on screen; **flaps vs rAF** = the same against the page\'s own rAF deltas');
  out.push('in whole intervals (the algorithm disagreeing with its input); **rAF ≠ screen** = shown pictures');
  out.push('where the rAF deltas themselves disagree with the screen, which no loop driven by rAF timestamps can');
  out.push('see; **pipeline** = mean time from a picture\'s BeginFrame (its rAF timestamp) to the vblank that');
  out.push('showed it; **lag** = present − game time shown (it includes the pipeline); **own lag** = lag −');
  out.push('pipeline = the rAF timestamp − the game time drawn, the algorithm\'s part; judder, repeated pictures,');
  out.push('skipped vblanks and speed as the viewer model defines them. The plain variable-delta loop hands out');
  out.push('no whole intervals, so it has no flaps. Each cell is one run: where Chromium\'s pipeline stalls');
  out.push('depends on the machine\'s load at that moment, so the flaps vs screen and the judder of one');
  out.push('algorithm against another are not a ranking; the flaps vs rAF are the algorithms\' own.');
  out.push('');
  const rows = [];
  for (const s of SCENARIOS) {
    for (const a of ALGORITHMS) {
      const r = results.find((x) => x.scenario === s.id && x.algorithm === a.id);
      if (!r) continue;
      const m = r.metrics;
      const locked = a.id !== 'variable';
      rows.push([
        s.label,
        a.label,
        String(r.counts.drawn),
        ms(r.mainFrameMeanMs),
        percent(r.pairedRatio),
        r.superseded ? `${r.shown} (${r.superseded} superseded)` : String(r.shown),
        locked ? `${m.flaps} / ${m.flapsCounted}` : '—',
        locked ? String(r.rafFlaps) : '—',
        String(r.rafMismatches),
        `${ms(m.judderMs, 3)} / ${ms(m.judderMaxMs)}`,
        `${ms(m.lagMeanMs)} / ${ms(m.lagMaxMs)}`,
        ms(r.pipelineMeanMs),
        ms(m.lagMeanMs - r.pipelineMeanMs),
        String(m.repeatedPictures),
        String(m.skippedVblanks),
        num(m.speed, 4),
      ]);
    }
  }
  out.push(table(
    ['scenario', 'algorithm', 'drawn', 'main thread ms', 'paired', 'shown', 'flaps vs screen', 'flaps vs rAF', 'rAF ≠ screen', 'judder RMS / max ms', 'lag mean / max ms', 'pipeline ms', 'own lag ms', 'repeated', 'skipped vblanks', 'speed'],
    rows,
    [false, false, ...Array(14).fill(true)],
  ));
  out.push('');

  // What the record showed, computed.
  const drawn = results.reduce((n, r) => n + r.counts.drawn, 0);
  const presented = results.reduce((n, r) => n + r.counts.presented, 0);
  const superseded = results.reduce((n, r) => n + r.superseded, 0);
  const states = {};
  for (const r of results) for (const [k, v] of Object.entries(r.counts.states)) states[k] = (states[k] ?? 0) + v;
  const unreported = results.reduce((n, r) => n + r.counts.unreported + r.counts.outsideMainFrame, 0);
  const intervals = [...new Set(results.map((r) => r.intervalMs.toFixed(3)))];
  const pipelines = results.map((r) => r.pipelineMeanMs).filter((x) => x === x);
  const skew = Math.max(...results.map((r) => r.checks.maxTimestampSkewMs));
  const locked = results.filter((r) => r.algorithm !== 'variable');
  const flaps = locked.reduce((n, r) => n + r.metrics.flaps, 0);
  const ownFlaps = locked.reduce((n, r) => n + r.rafFlaps, 0);
  const vblanks = {};
  for (const r of results) for (const [k, v] of Object.entries(r.vblankCounts)) vblanks[k] = (vblanks[k] ?? 0) + v;
  const interval = results[0]?.intervalMs ?? NaN;
  out.push('What this run\'s record shows:');
  out.push('');
  out.push(`- Chromium presented ${presented} of the ${drawn} pictures drawn (${percent(presented / drawn)}); the main-frame reporters' states: ${Object.entries(states).map(([k, v]) => `\`${k}\` ${v}`).join(', ')}${unreported ? `; ${unreported} ${unreported === 1 ? 'picture' : 'pictures'} had no main-frame reporter in the record` : ''}. ${superseded} presented pictures were superseded within the same display interval.`);
  out.push(`- The display interval (viz's begin-frame source) is ${intervals.join(', ')} ms, i.e. ${intervals.map((x) => (1000 / Number(x)).toFixed(4)).join(', ')} Hz: a whole number of microseconds, not 1/60 s. Every rAF timestamp equals the frame time of its BeginFrame to within ${skew.toFixed(3)} ms${results.every((r) => r.crossOriginIsolated) ? ' (the page is cross-origin isolated: timestamps in 5 µs steps)' : ''}.`);
  out.push(`- Vblanks between shown pictures, all runs: ${Object.entries(vblanks).sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k} × ${v}`).join(', ')}.`);
  const steps = (x) => Math.round(x / interval);
  const minDepth = Math.min(...results.map((r) => steps(r.pipelineMinMs)));
  const maxDepth = Math.max(...results.map((r) => steps(r.pipelineMaxMs)));
  const steadyRuns = results.filter((r) => steps(r.pipelineMinMs) === steps(r.pipelineMaxMs));
  const steadyDepths = [...new Set(steadyRuns.map((r) => steps(r.pipelineMinMs)))].sort((a, b) => a - b);
  out.push(`- The pipeline from BeginFrame (rAF) to the vblank showing the picture: run means ${ms(Math.min(...pipelines))}–${ms(Math.max(...pipelines))} ms, single pictures ${minDepth}–${maxDepth} intervals. ${steadyRuns.length} of ${results.length} runs kept one depth throughout${steadyDepths.length > 1 ? `, and those did not agree (${steadyDepths.slice(0, -1).join(', ')} or ${steadyDepths.at(-1)} intervals)` : steadyDepths.length === 1 ? ` (${steadyDepths[0]} intervals)` : ''}${steadyRuns.length < results.length ? '; the others changed depth while running' : ''}. Lag figures include the pipeline: the algorithm's own share is lag − pipeline.`);
  const pipelineFlaps = locked.reduce((n, r) => n + r.pipelineFlaps, 0);
  out.push(`- Flaps vs screen, all locked algorithms and scenarios: ${flaps}. On ${pipelineFlaps} of them the algorithm handed out exactly what its rAF deltas said and the screen disagreed (the pipeline changed depth or skipped a vblank, which the page's timestamps never showed); the algorithms disagreed with their own rAF deltas on ${ownFlaps} shown pictures.`);
  out.push('');
  return out.join('\n');
}

/**
 * Puts the section into RESULTS.md: in place of an earlier one, else before "Where ours is not
 * ahead", else at the end.
 */
export function withPresentationSection(markdown, section) {
  const old = markdown.indexOf(TITLE);
  if (old >= 0) {
    const next = markdown.indexOf('\n## ', old + TITLE.length);
    return `${markdown.slice(0, old)}${section}${next >= 0 ? markdown.slice(next) : ''}`;
  }
  const at = markdown.indexOf(BEFORE);
  if (at < 0) return `${markdown.trimEnd()}\n\n${section}`;
  return `${markdown.slice(0, at)}${section}\n${markdown.slice(at)}`;
}
