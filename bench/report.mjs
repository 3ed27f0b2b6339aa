// Turns one run's measurements into bench/RESULTS.md. Every number and every verdict below is
// computed from the run; the prose around them only explains how things were measured.

import { table, duration, ratio, num, bytes } from './lib/format.mjs';
import { pacingContenders } from './pacing/contenders.mjs';
import { SIMULATED_DISPLAYS, SIMULATED_ALGORITHMS } from './pacing/simulated.mjs';
import { WARMUP_SECONDS, MEASURED_SECONDS } from './pacing/inputs.mjs';

/** Peers (not ours, not the floor) that the speed goal is about. */
const PEERS = ['rafz', 'motion', 'pixi', 'pixiLoop', 'mainloop', 'rafPerHook'];
/** A peer counts as faster only when its median is this much below ours (run-to-run noise on a shared machine is of this order). */
const TIE = 0.05;
/** Bytes per frame below which a run counts as allocation-free (what is left is JIT noise). */
const ZERO_BYTES = 0.1;
/** Judder below a microsecond RMS counts as none (it can only be a drift, covered separately). */
const ZERO_JUDDER_MS = 0.001;

/** A judder figure: '0', '< 0.001' for sub-microsecond values, else 3 decimals. */
function judder(ms) {
  if (ms === 0) return '0 ms';
  if (ms < ZERO_JUDDER_MS) return '< 0.001 ms';
  return `${ms.toFixed(3)} ms`;
}

export function report({ info, frameLoop, react, browser, pacing, simulated, order, sizes, contenders, heapFrames, bundleSizes = [] }) {
  const out = [];
  const get = (name, n) => frameLoop.find((r) => r.name === name && r.n === n);
  const sizeLabel = (n) => n.toLocaleString('en-US');
  const notAhead = [];

  out.push('# Benchmarks: react-timestep against peer frame loops');
  out.push('');
  out.push('Everything on this page is what `npm run bench` printed in one run on the machine below: the');
  out.push('ratios compare numbers taken in that same run. Our code is benchmarked from the built package');
  out.push('(`dist/`), as users get it. Re-run it to reproduce; expect the absolute times to move with the');
  out.push('machine and its load, and the ratios much less.');
  out.push('');
  out.push(table(['', ''], [
    ['date', info.date],
    ['commit (dist/ built from the work tree at)', info.commit],
    ['machine', `${info.cpu}, ${info.cores} cores, ${info.memoryGiB} GiB`],
    ['OS', info.os],
    ['Node', `${info.node} (V8 ${info.v8})`],
    ['load average (1 min) before / after', `${info.loadBefore[0].toFixed(2)} / ${info.loadAfter[0].toFixed(2)}`],
    ['run time', `${info.seconds} s${info.sections ? ` (${info.sections.map(([label, seconds]) => `${label} ${seconds} s`).join(', ')})` : ''}`],
    ['peers', Object.entries(info.versions).map(([k, v]) => `${k} ${v}`).join(', ')],
  ], [false, false]));
  out.push('');

  // ───────────── goals ─────────────
  const goals = [];
  for (const n of [1_000, 10_000]) {
    const ours = get('ours', n);
    const beaten = PEERS.filter((p) => get(p, n) && get(p, n).medianNs < ours.medianNs * (1 - TIE));
    const tied = PEERS.filter((p) => get(p, n) && !beaten.includes(p) && get(p, n).medianNs < ours.medianNs);
    const verdict = beaten.length
      ? `not met: ${beaten.map((p) => `${contenders[p].label} ${ratio(ours.medianNs / get(p, n).medianNs)} faster`).join(', ')}`
      : tied.length
        ? `met within noise: ${tied.map((p) => contenders[p].label).join(', ')} within ${TIE * 100} % of ours`
        : 'met';
    goals.push([`fastest frame loop at ${sizeLabel(n)} subscribers`, verdict]);
  }
  const allocating = sizes.filter((n) => !(get('ours', n).bytesPerFrame < ZERO_BYTES));
  goals.push(['0 bytes allocated per frame (steady state)', allocating.length === 0 ? 'met' : `not met: ${allocating.map((n) => `${num(get('ours', n).bytesPerFrame, 2)} B/frame at N = ${sizeLabel(n)}`).join(', ')}`]);
  const oursReact = react.find((r) => r.label.startsWith('useFrame'));
  if (oursReact) goals.push(['0 React commits per frame with 1,000 useFrame components', oursReact.commitsPerFrame === 0 ? 'met' : `not met: ${oursReact.commitsPerFrame}`]);
  const steadyFailures = [];
  for (const input of pacing.inputs.filter((i) => i.steady)) {
    const r = pacing.results.find((x) => x.input === input.id && x.contender === 'ours');
    if (r.judderRmsMs >= ZERO_JUDDER_MS || r.doubledPerMin > 0) steadyFailures.push(`${input.label} (judder ${judder(r.judderRmsMs)} RMS, ${num(r.doubledPerMin, 1)} doubled/min, ${num(r.duplicatesPerMin, 1)} repeats/min)`);
  }
  goals.push(['ours: zero doubled deltas and zero judder (< 1 µs RMS) on every steady vsync input', steadyFailures.length === 0 ? 'met' : `not met on ${steadyFailures.join('; ')}`]);
  const predicted75 = pacing.results.find((x) => x.input === '75-60' && x.contender === 'fixed-predicted');
  goals.push([`'predicted' interpolation lag ≤ 0.1 step at 75 Hz`, Math.abs(predicted75.lagMeanSteps) <= 0.1 ? `met (${num(predicted75.lagMeanSteps, 3)} steps)` : `not met (${num(predicted75.lagMeanSteps, 3)} steps)`]);
  // Pay only for what you use: dispatch against PixiJS Ticker and the plain loop, in this run.
  // Like for like, two ways: both driven by the fake rAF (ours, and a started Ticker, each
  // re-requesting its next frame), and both called directly (advance() and update()). Met when both are.
  for (const n of sizes) {
    const pairs = [
      ['through rAF', get('ours', n), get('pixiLoop', n)],
      ['called directly', get('oursManual', n), get('pixi', n)],
    ].filter(([, a, b]) => a && b);
    if (pairs.length === 0) continue;
    const worst = Math.max(...pairs.map(([, a, b]) => a.medianNs / b.medianNs));
    const verdict = worst <= 1 ? 'met' : worst <= 1 + TIE ? 'met within noise' : 'not met';
    goals.push([
      `per-frame cost at or below PixiJS Ticker, N = ${sizeLabel(n)}`,
      `${verdict}: ${pairs.map(([how, a, b]) => `${how} ${duration(a.medianNs)} vs ${duration(b.medianNs)} (${ratio(a.medianNs / b.medianNs)})`).join('; ')}`,
    ]);
  }
  for (const n of sizes.filter((x) => x >= 100)) {
    const ours = get('ours', n);
    const floor = get('floor', n);
    if (!ours || !floor) continue;
    const r = ours.medianNs / floor.medianNs;
    goals.push([`within 1.2× the plain array loop, N = ${sizeLabel(n)}`, `${r <= 1.2 ? 'met' : 'not met'}: ${ratio(r)} (${duration(ours.medianNs)} vs ${duration(floor.medianNs)})`]);
  }
  if (browser) {
    const hooks = browser.results.find((r) => r.page === 'oursHooks');
    const rafzHooks = browser.results.find((r) => r.page === 'rafzHooks');
    const rafz = browser.results.find((r) => r.page === 'rafz');
    if (hooks && rafzHooks && rafz) {
      // Judged against rafz used the same way (1,000 components in a React page); the bare
      // callbacks, a page without React, are shown beside it.
      const r = hooks.meanMs / rafzHooks.meanMs;
      goals.push([
        'Chromium: 1,000 `useFrame` components cost no more scripting time per frame than rafz (1,000 components, each with a rafz loop)',
        `${r <= 1 ? 'met' : r <= 1 + TIE ? 'met within noise' : 'not met'}: mean ${duration(hooks.meanMs * 1e6)} vs ${duration(rafzHooks.meanMs * 1e6)} (${ratio(r)}), median ${duration(hooks.medianMs * 1e6)} vs ${duration(rafzHooks.medianMs * 1e6)}; ` +
          `rafz's 1,000 bare callbacks in a page without React: mean ${duration(rafz.meanMs * 1e6)} (${ratio(hooks.meanMs / rafz.meanMs)}), median ${duration(rafz.medianMs * 1e6)}`,
      ]);
    }
    const scene = browser.results.find((r) => r.page === 'fixedScene');
    if (scene) {
      const budgetMs = 1000 / 60;
      goals.push([
        'Chromium: a `useFixedTimestep` scene with 1,000 interpolated objects within one 60 Hz frame (16.7 ms)',
        `${scene.p95Ms <= budgetMs ? 'met' : 'not met'}: mean ${duration(scene.meanMs * 1e6)}, p95 ${duration(scene.p95Ms * 1e6)} of scripting per frame`,
      ]);
    }
  }
  // Bundle budgets (min + gzip, production): the same rows as section 0.
  const bundleKb = (prefix) => {
    const row = bundleSizes.find((r) => r.label.startsWith(prefix));
    return row && row.gzip / 1024;
  };
  const floorKb = bundleKb('floor: the `useFrame` contract');
  const bareFloorKb = bundleKb('floor: the same without');
  const withDetectorKb = bundleKb('floor: the same + `createRefreshRateDetector`');
  const withAlgorithmsKb = bundleKb('floor: the same + the eight');
  const fixedAndDetectorKb = bundleKb('react-timestep/core: `createFixedStep` + `createRefreshRateDetector`');
  /** `why`: a sentence on what stands in the budget's way (appended when it is missed), or undefined. */
  const budget = (label, prefix, kb, why) => {
    const size = bundleKb(prefix);
    if (size === undefined) return;
    const over = why === undefined ? '' : `; ${why}`;
    goals.push([`${label} ≤ ${kb} KB min + gzip`, size <= kb ? `met: ${size.toFixed(2)} KB` : `not met: ${size.toFixed(2)} KB (${(size - kb).toFixed(2)} KB over)${over}`]);
  };
  const given = (...values) => values.every((v) => v !== undefined);
  budget('`useFrame` alone', 'react-timestep: `useFrame`', 1.5, given(floorKb, bareFloorKb) ? `the smallest \`useFrame\` we could write with the same contract is ${floorKb.toFixed(2)} KB (${bareFloorKb.toFixed(2)} KB without option checks)` : undefined);
  budget('`useFixedTimestep` alone', 'react-timestep: `useFixedTimestep`', 3.5, given(withDetectorKb) ? `that floor without option checks and our refresh detector, which the fixed clock needs, bundle ${withDetectorKb.toFixed(2)} KB together before any fixed-step code` : undefined);
  budget('the whole React entry', 'react-timestep: everything', 9, given(withAlgorithmsKb) ? `that floor without option checks and the eight core algorithms the hooks run, as they are, bundle ${withAlgorithmsKb.toFixed(2)} KB together` : undefined);
  budget('`react-timestep/core`', 'react-timestep/core: everything', 4, given(fixedAndDetectorKb) ? `the fixed step and the refresh detector alone bundle ${fixedAndDetectorKb.toFixed(2)} KB, leaving ${(4 - fixedAndDetectorKb).toFixed(2)} KB for the seven other algorithms` : undefined);
  out.push('## Goals');
  out.push('');
  out.push(table(['goal', 'this run'], goals, [false, false]));
  out.push('');
  out.push('Where ours is not ahead, the reason is in [the last section](#where-ours-is-not-ahead-and-why).');
  out.push('');

  // ───────────── 0. bundle size ─────────────
  if (bundleSizes.length) {
    out.push('## 0. Bundle size of one import');
    out.push('');
    out.push('esbuild, bundle + minify + tree-shake, ESM, `process.env.NODE_ENV` = "production", React and');
    out.push('the renderer peers external, gzip level 9; ours from the run\'s `dist/`, the peers from');
    out.push('`node_modules`. 1 KB = 1024 bytes. `scripts/size.mjs` checks ours the same way in `npm test`,');
    out.push('with the targets and their gaps.');
    out.push('');
    out.push(table(['import', 'min + gzip', 'minified'], bundleSizes.map((r) => [r.label, `${(r.gzip / 1024).toFixed(2)} KB`, `${(r.minified / 1024).toFixed(1)} KB`])));
    out.push('');
  }

  // ───────────── 1. frame loop ─────────────
  out.push('## 1. Frame-loop cost per frame');
  out.push('');
  out.push('N subscribers with a trivial callback (one increment of a shared `Float64Array`), one display');
  out.push('frame at a time through each library\'s own entry point. Every contender × N runs in a fresh Node');
  out.push('process (libraries with a module-level loop start clean; no JIT feedback is shared), driven by the');
  out.push('same allocation-free fake `requestAnimationFrame` on a 60 Hz grid of whole-millisecond timestamps');
  out.push('(fractional timestamps would be boxed into a new heap number per frame by V8 and charged to');
  out.push('everyone). Each run first checks that every subscriber ran exactly once per frame. Time: mitata');
  out.push('`measure()`, median of its samples, taken in 3 rounds that each visit every contender and N in');
  out.push('turn (a burst of load from elsewhere hits one round of everyone); the table shows the median');
  out.push(`of the 3 rounds. A peer counts as faster in the verdicts only when more than ${TIE * 100} % faster. How`);
  out.push('each contender is driven:');
  out.push('');
  for (const name of order) out.push(`- **${contenders[name].label}**: ${contenders[name].how}.`);
  out.push('');
  const spread = sizes.map((n) => {
    const r = [...get('ours', n).roundsNs].sort((a, b) => a - b);
    return `N = ${sizeLabel(n)}: ${duration(r[0])}–${duration(r[r.length - 1])}`;
  });
  out.push('Median time per frame (× = that contender\'s time ÷ react-timestep\'s; above 1 means ours is faster).');
  out.push(`Our rounds ranged ${spread.join(', ')}.`);
  out.push('');
  out.push(table(['contender', ...sizes.map((n) => `N = ${sizeLabel(n)}`)], order.map((name) => [
    contenders[name].label,
    ...sizes.map((n) => {
      const r = get(name, n);
      if (!r) return '—';
      const flag = r.callsOk ? '' : ' ⚠ calls';
      return name === 'ours' ? `${duration(r.medianNs)}${flag}` : `${duration(r.medianNs)} (${ratio(r.medianNs / get('ours', n).medianNs)})${flag}`;
    }),
  ])));
  out.push('');
  out.push('Bytes allocated per frame in steady state: after the warm-up, `gc()`, `heapUsed` before, then');
  out.push(`${sizes.map((n) => `${heapFrames(n).toLocaleString('en-US')} frames at N = ${sizeLabel(n)}`).join(', ')}`);
  out.push('(the same 10⁸ callback calls at the two largest N), `heapUsed` after, minus what the measurement');
  out.push('itself allocates; the median of three such windows, so a one-off (an inline cache growing, a late');
  out.push('optimisation) is not spread over the frames. The young generation is set to 64 MB so that a non-allocating run sees no GC;');
  out.push('when a contender allocates enough to trigger GCs (counted with a `gc` PerformanceObserver), the');
  out.push('heap delta understates it, so bytes per frame are re-measured over a window short enough to fit');
  out.push('(1,000 frames or fewer) and the GC count of the full run is shown beside them.');
  out.push('');
  out.push(table(['contender', ...sizes.map((n) => `N = ${sizeLabel(n)}`)], order.map((name) => [
    contenders[name].label,
    ...sizes.map((n) => {
      const r = get(name, n);
      if (!r) return '—';
      const b = r.bytesPerFrame;
      const shown = b === null ? '?' : b < ZERO_BYTES ? '0' : bytes(b);
      return r.gcs > 0 ? `${shown} B (${r.gcs} GCs)` : `${shown} B`;
    }),
  ])));
  out.push('');

  // ───────────── 2. React ─────────────
  out.push('## 2. React cost: 1,000 components animated every frame');
  out.push('');
  out.push('1,000 mounted components, each with a per-frame callback. Ours: `useFrame` (the callback runs');
  out.push('on the shared scheduler; nothing is put in React state). Against it: the usual hand-written hook');
  out.push('that keeps the frame time in `useState` and runs its own `requestAnimationFrame` loop. React');
  out.push('19 production build with profiling (`react-dom/profiling`), on a happy-dom `Window`; commits');
  out.push('counted with `<Profiler onRender>`, renders by counting component calls. Each frame is one fake');
  out.push('rAF flush inside `flushSync`, so the renders it causes are included in its time.');
  out.push('');
  if (react.length) {
    const base = oursReact?.medianNs;
    out.push(table(['hook', 'commits / frame', 'component renders / frame', 'callbacks / frame', 'median time / frame', '× ours'], react.map((r) => [
      r.label, num(r.commitsPerFrame, 0), num(r.rendersPerFrame, 0), num(r.callsPerFrame, 0), duration(r.medianNs), r === oursReact ? '1×' : ratio(r.medianNs / base),
    ])));
  } else out.push('_This section failed in this run (see the console output)._');
  out.push('');

  // ───────────── 3. browser ─────────────
  out.push('## 3. Real browser: scripting time per frame, 1,000 subscribers');
  out.push('');
  out.push('Headless Chromium (Debian\'s `/usr/bin/chromium`, through playwright), one page per contender,');
  out.push('bundled with esbuild from `bench/browser/*.mjs` (ours from `dist/`), served from 127.0.0.1 with');
  out.push('cross-origin isolation so that `performance.now()` has 5 µs resolution. Two markers of the');
  out.push('page\'s own bracket each frame: a start marker is the first rAF callback of every frame and an end');
  out.push('marker the last, and the time between them (`performance.now()` into a preallocated array; not');
  out.push('`performance.mark`, whose timeline entries cost about 30 µs a frame themselves and spread the');
  out.push('rounds) is the scripting time the frame loop took that frame (for one rAF per hook it includes');
  out.push('the browser\'s dispatch between the N callbacks).');
  out.push('Nothing wraps the libraries. 240 warm-up frames (a frame loop runs once per frame, so V8 needs');
  out.push(`hundreds of frames to optimise it), then 180 measured, in ${browser.results[0]?.roundsMeanMs?.length ?? 3} rounds that load every page in turn;`);
  out.push('each figure is the median over the rounds. The per-frame median is quantised');
  out.push('to 5 µs; the mean includes the frames where a GC landed.');
  out.push('');
  out.push('Three pages run React 19 (production build): **1,000 `useFrame` components**');
  out.push('(mounted inside `flushSync`, so their subscriptions and the loop\'s first request come before');
  out.push('the end marker\'s; what a frame costs is then the loop calling the 1,000 hooks\' callbacks, no');
  out.push('React work); **1,000 components with a rafz loop each**, started from an effect (the same page');
  out.push('for rafz: React and its fibers in the heap; the goal compares these two); and a');
  out.push('**`useFixedTimestep` scene**: one');
  out.push('`useFixedTimestep` (1/60 s steps, `\'previous\'` interpolation) whose update snapshots and moves');
  out.push('1,000 objects, each a component with its own `useInterpolated` position, and whose render');
  out.push('blends every object and writes its `<div>`\'s `transform` (the style and layout work that follows');
  out.push('is the browser\'s, after the measured scripting). Its budget is one 60 Hz frame, 16.7 ms.');
  out.push('');
  if (browser) {
    const ours = browser.results.find((r) => r.page === 'ours');
    out.push(`${browser.browser}.`);
    out.push('');
    const markers = browser.results.find((r) => r.page === 'baseline');
    out.push('The last row is the calibration: the two markers with no frame loop between them. The');
    out.push('"minus markers" column takes its mean off each row, leaving the frame loop\'s own share.');
    out.push('');
    out.push(table(['contender', 'mean / frame (rounds)', 'median / frame', 'p95 / frame', 'mean minus markers', 'callbacks / frame', 'mean × ours'], browser.results.map((r) => [
      r.label, `${duration(r.meanMs * 1e6)} (${r.roundsMeanMs.map((v) => duration(v * 1e6)).join(', ')})`, duration(r.medianMs * 1e6), duration(r.p95Ms * 1e6),
      r === markers || !markers ? '—' : duration((r.meanMs - markers.meanMs) * 1e6),
      num(r.callsPerFrame, 0), r === ours ? '1×' : r === markers ? '—' : ratio(r.meanMs / ours.meanMs),
    ])));
    const hooks = browser.results.find((r) => r.page === 'oursHooks');
    const rafzPage = browser.results.find((r) => r.page === 'rafz');
    const rafzHooksPage = browser.results.find((r) => r.page === 'rafzHooks');
    if (hooks && rafzPage && hooks.meanMs > rafzPage.meanMs * (1 + TIE)) {
      const rounds = (x) => x.roundsMeanMs.map((v) => duration(v * 1e6)).join(', ');
      const nodeHooks = react.find((r) => r.label.startsWith('useFrame'));
      const nodeLoop = get('ours', 1_000);
      notAhead.push(
        `Browser: 1,000 \`useFrame\` components took ${duration(hooks.meanMs * 1e6)} a frame (rounds ${rounds(hooks)}) against rafz's bare 1,000 callbacks' ${duration(rafzPage.meanMs * 1e6)} (rounds ${rounds(rafzPage)}), and our bare loop with the same 1,000 callbacks ${duration(ours.meanMs * 1e6)}. ` +
          'The loop calls each component\'s own function directly (a re-render swaps the new one into the same slot; there is no wrapper per call), so what the components add over the bare loop is not the loop\'s code' +
          (rafzHooksPage
            ? `; rafz's own 1,000 components took ${duration(rafzHooksPage.meanMs * 1e6)} (rounds ${rounds(rafzHooksPage)}) against its bare ${duration(rafzPage.meanMs * 1e6)}` +
              (rafzHooksPage.meanMs > rafzPage.meanMs * (1 + TIE) ? ', so the React page is dearer for rafz too' : '')
            : '') +
          (nodeHooks && nodeLoop ? `; in Node the 1,000 \`useFrame\` components cost ${duration(nodeHooks.medianNs)} a frame (section 2, which also counts a \`flushSync\` per frame) against ${duration(nodeLoop.medianNs)} for the bare loop (section 1)` : '') +
          `. By median frame the \`useFrame\` components and rafz's bare callbacks read ${duration(hooks.medianMs * 1e6)} and ${duration(rafzPage.medianMs * 1e6)}; ` +
          (Math.max(...rafzPage.roundsMeanMs) >= Math.min(...hooks.roundsMeanMs)
            ? 'their rounds overlap, so the means differ by less than the rounds spread.'
            : 'ours was slower in every round.'),
      );
    }
    // Like for like: a peer's bare callbacks against our bare loop, rafz's 1,000 components against
    // our 1,000 useFrame components (our own pages are not peers of each other).
    const counterpart = (r) => (r.page === 'rafzHooks' ? hooks : ['rafz', 'motion', 'rafPerHook'].includes(r.page) ? ours : undefined);
    for (const r of browser.results) {
      const mine = counterpart(r);
      if (mine && r.meanMs < mine.meanMs * (1 - TIE)) {
        const range = (x) => `${duration(Math.min(...x.roundsMeanMs) * 1e6)}–${duration(Math.max(...x.roundsMeanMs) * 1e6)}`;
        const overlap = Math.max(...r.roundsMeanMs) >= Math.min(...mine.roundsMeanMs);
        const why = overlap
          ? 'the rounds overlap, so on this shared machine the difference is within the noise; in the page most of a frame\'s cost is outside the loop (compare the markers-only row)'
          : 'ours was slower in every round; in Node ours is the faster of the two at this N, so the difference is specific to the page and was not traced further';
        notAhead.push(`Browser: ${r.label} had a lower mean scripting time than ${mine.label} (${duration(r.meanMs * 1e6)} vs ${duration(mine.meanMs * 1e6)}; rounds ${range(r)} vs ours ${range(mine)}): ${why}.`);
      }
    }
  } else out.push('_Skipped or failed in this run._');
  out.push('');

  // ───────────── 4. pacing ─────────────
  out.push('## 4. Pacing fidelity');
  out.push('');
  out.push('### 4a. Replayed frame timestamps, every contender');
  out.push('');
  out.push(`Each input is ${WARMUP_SECONDS + MEASURED_SECONDS} s of rAF timestamps from a display whose vblanks are exactly periodic,`);
  out.push('with the callback running a bounded, wandering time after each vblank (so measured deltas');
  out.push('spread while the display does not drift). The picture of a frame appears at the first vblank');
  out.push(`after its callback. The first ${WARMUP_SECONDS} s are left out of every metric (detectors and estimators settle).`);
  out.push('');
  out.push(table(['input', 'true rate', 'deltas seen', 'taken from', 'steady'], pacing.inputs.map((i) => {
    let lo = Infinity;
    let hi = 0;
    for (let k = 1; k < i.timestamps.length; k++) {
      const d = i.timestamps[k] - i.timestamps[k - 1];
      lo = Math.min(lo, d);
      hi = Math.max(hi, d);
    }
    return [i.label, `${+i.refreshHz.toFixed(3)} Hz`, `${lo.toFixed(2)}–${hi.toFixed(2)} ms`, i.source, i.steady ? 'yes' : 'no'];
  }), [false, true, true, false, false]));
  out.push('');
  out.push('Contenders: **raw delta**; **Phaser-style** (written here from Phaser 3 TimeStep\'s documented');
  out.push('behaviour: mean of the last 10 deltas, history primed with the 60 fps target, deltas over the');
  out.push('200 ms clamp replaced by the previous entry, the first 10 deltas capped at the target);');
  out.push('**Godot-style** (from Godot 4 main_timer_sync\'s DeltaSmoother: integer fps estimated from');
  out.push('60-frame averages, trusted after 3 agreeing readings; vsync interval = whole microseconds of');
  out.push('1e6/fps; accumulated time handed out in whole intervals rounded down, at least one per frame;');
  out.push('off when the measured rate is >5 % from the estimate); **Force\'s smoother, integer Hz** (the');
  out.push('article\'s algorithm with the rate rounded to an integer); **ours** (`createRefreshRateDetector` on');
  out.push('the timestamps, its rate fed to `createDeltaSmoother`); our `createFixedStep` in each');
  out.push('interpolation mode on the raw timestamps (step = the input\'s physics rate); and ours smoothed +');
  out.push('fixed (the smoothed clock driving the fixed step, `\'previous\'`).');
  out.push('');
  out.push('Metrics, from the package\'s viewer model (`createViewerMeter`), per presented picture against the one');
  out.push('before: **judder** = RMS and max of (game time the picture advanced − display time between the two');
  out.push('presents); **flaps** = pictures per minute whose game time did not advance by exactly the vblanks');
  out.push('the display advanced; **lag** = mean of (present time − start − game time shown): how old the');
  out.push('shown game time is when it appears (negative: game time runs ahead of the display), and its');
  out.push('spread (max − min; a growing drift shows up here); **repeats** = pictures showing the same game');
  out.push('time as the one before, per minute; **doubled** = pictures whose game time advanced at least');
  out.push('1.5 × the real time between their present and the previous one (a double jump; the same rule as');
  out.push('`react-timestep/simulation`), per minute. A fixed step without interpolation on a display faster');
  out.push('than the step counts one at every step, by this rule.');
  out.push('');
  for (const input of pacing.inputs) {
    const det = pacing.detected[input.id];
    out.push(`**${input.label}** — physics ${input.physicsHz} Hz; our detector settled on ${+det.refreshRate.toFixed(3)} Hz (${det.state}, interval ${det.intervalMs.toFixed(4)} ms).`);
    out.push('');
    out.push(table(['contender', 'judder RMS', 'judder max', 'flaps/min', 'lag mean', 'lag spread', 'repeats/min', 'doubled/min'],
      pacingContenders.map((c) => {
        const r = pacing.results.find((x) => x.input === input.id && x.contender === c.id);
        const lag = c.kind === 'fixed' ? `${num(r.lagMeanMs, 2)} ms (${num(r.lagMeanSteps, 3)} steps)` : `${num(r.lagMeanMs, 2)} ms`;
        return [c.ours ? `**${c.label}**` : c.label, judder(r.judderRmsMs), judder(r.judderMaxMs), num(r.flapsPerMin, 0), lag, `${num(r.lagSpreadMs, 2)} ms`, num(r.duplicatesPerMin, 1), num(r.doubledPerMin, 1)];
      })));
    out.push('');
  }

  out.push('### 4b. The simulated display (`react-timestep/simulation`)');
  out.push('');
  out.push('The same questions asked of `simulate()` from the built package, which models the display');
  out.push('itself (vsync, a random callback delay, queue depth) and runs our core algorithms unchanged; peers');
  out.push('cannot run there, and its smoother is given the rate rather than detecting it. It is an');
  out.push(`independent check of 4a (seed 1, ${WARMUP_SECONDS} s warm-up + ${MEASURED_SECONDS} s). Cells: judder RMS ms / doubled per min / repeats per min;`);
  out.push('the last column is the lag of `\'predicted\'` in steps.');
  out.push('');
  out.push(table(['display', ...SIMULATED_ALGORITHMS.map((a) => a.label), "'predicted' lag"], SIMULATED_DISPLAYS.map((d) => {
    const row = [d.label];
    for (const a of SIMULATED_ALGORITHMS) {
      const r = simulated.find((x) => x.display === d.id && x.algorithm === a.id);
      row.push(`${judder(r.judderMs).replace(' ms', '')} / ${num(r.doubledPerMin, 1)} / ${num(r.duplicatesPerMin, 1)}`);
    }
    const p = simulated.find((x) => x.display === d.id && x.algorithm === 'fixed-predicted');
    row.push(`${num(p.lagMeanSteps, 3)} steps`);
    return row;
  })));
  out.push('');

  // ───────────── where not ahead ─────────────
  out.push('## Where ours is not ahead, and why');
  out.push('');
  for (const n of sizes) {
    const ours = get('ours', n);
    const detecting = get('oursDetecting', n);
    for (const p of PEERS) {
      const peer = get(p, n);
      if (!peer || peer.medianNs >= ours.medianNs * (1 - TIE)) continue;
      const isolated = get('floorIsolated', n);
      const floor = get('floor', n);
      let why;
      if (n <= 10 && (p === 'pixi' || p === 'pixiLoop')) {
        const direct = p === 'pixi' ? ` (this row calls \`ticker.update(timestamp)\` directly, with no requestAnimationFrame re-request; called the same way, ours \`advance()\` takes ${duration(get('oursManual', n)?.medianNs)})` : '';
        why = `PixiJS's Ticker does less per frame${direct}: one elapsed-time computation and its listener list. Ours is the loop's fixed work per frame (eleven frame fields, gap clamping and throttling, the compensated game clock, pause and time scale, error isolation with rethrow after the frame, re-requesting the frame), about ${duration(ours.medianNs - (get('floor', n)?.medianNs ?? 0))} over the plain loop that only re-requests (${duration(get('floor', n)?.medianNs)}); it is paid once per frame, so from N = 10 on ours is ahead. With refresh detection running (\`createFrameScheduler\`, or a hook that reads the rate) a frame costs ${duration(detecting?.medianNs)}`;
      } else if (n >= 1_000 && isolated && floor && isolated.medianNs < ours.medianNs * (1 - TIE)) {
        why = `${contenders[p].label} does less per frame, but not so much less that isolation explains it: the floor with error isolation (one try per frame, resuming after a throwing callback, as our scheduler does) takes ${duration(isolated.medianNs)} against the bare floor's ${duration(floor.medianNs)}, and ours ${duration(ours.medianNs)}. The rest is ours calling every callback with the frame object and its fixed per-frame work; mainloop.js's N callbacks are the benchmark's own array, so its row is the bare floor by construction`;
      } else {
        why = `${contenders[p].label} does less per frame (no phases, priorities, error isolation, pause or time scale), and at this N our fixed per-frame work (frame info, gap clamping, the compensated game clock, re-requesting the frame) dominates`;
      }
      notAhead.push(`Cost at N = ${sizeLabel(n)}: ${contenders[p].label} ${duration(peer.medianNs)} vs ours ${duration(ours.medianNs)}; ${why}.`);
    }
  }
  const sizeOf = (prefix) => bundleSizes.find((r) => r.label.startsWith(prefix));
  const useFrameSize = sizeOf('react-timestep: `useFrame`');
  const rafzSize = sizeOf('@react-spring/rafz');
  const motionSize = sizeOf('motion-dom');
  if (useFrameSize && rafzSize && motionSize) {
    const kb = (r) => `${(r.gzip / 1024).toFixed(2)} KB`;
    notAhead.push(`Size: \`useFrame\` alone bundles ${kb(useFrameSize)} against rafz's ${kb(rafzSize)} and motion-dom's \`frame\` ${kb(motionSize)}. Refresh detection, the adaptive rate, frame statistics, named ordering and the \`FrameScheduler\` methods are not in it (\`createFrameScheduler\`, which has them, is ${kb(sizeOf('react-timestep: `createFrameScheduler`'))}; without a provider \`useFrame\` runs on the page-wide loop itself); what remains is the loop: phases and priorities, error isolation with rethrow after the frame, gap clamping and throttling, the compensated game clock and the eleven frame fields, the settings the methods change, the hooks installed parts plug into, the browser frame source that survives fake timers installed late, and option checks that name the bad option and the option it misspells. None of these is large alone; together they are the gap.${floorKb === undefined ? '' : ` To see how much of the gap is the contract and how much our way of writing it, \`bench/frameloop/useFrameFloor.ts\` writes the same contract for size alone (one file, short property names, no \`FrameScheduler\` surface, a few corners cut; \`test/react/useFrameFloor.test.tsx\` checks what a \`useFrame\` user reaches of it: order, error isolation, clamping, unsubscribing, a replaced \`requestAnimationFrame\`, the \`setTimeout\` fallback and the option messages): it bundles ${floorKb.toFixed(2)} KB, and ${bareFloorKb.toFixed(2)} KB with no option checks at all. The 1.5 KB budget is below what the contract needs; our \`useFrame\` is ${(useFrameSize.gzip / 1024 - floorKb).toFixed(2)} KB above that floor.`}`);
    const fixedSize = sizeOf('react-timestep: `useFixedTimestep`');
    const allSize = sizeOf('react-timestep: everything');
    const coreSize = sizeOf('react-timestep/core: everything');
    if (fixedSize && allSize && coreSize) {
      notAhead.push(`Size: \`useFixedTimestep\` alone is ${kb(fixedSize)}: the loop above, the shared fixed clock (jobs, stats, controls, snapping to the display's vblank grid), the fixed step itself, and refresh-rate detection, which the clock needs to count steps on the measured vblank grid (the fix for steps flapping 1-2 on real frames). The whole entry (${kb(allSize)}) and \`core\` (${kb(coreSize)}) carry every algorithm, per-object interpolation and per-step input; each is tree-shaken away when unused.${withAlgorithmsKb === undefined ? '' : ` The floor above covers the loop only: the algorithms were not written again for size, so for these three targets the goals table gives what the algorithms weigh as they are (with the floor's loop, ${withDetectorKb.toFixed(2)} KB for the detector and ${withAlgorithmsKb.toFixed(2)} KB for all eight the hooks run), not a lower bound.`}`);
    }
  }
  const allocSizes = sizes.filter((n) => get('ours', n).bytesPerFrame >= ZERO_BYTES);
  if (allocSizes.length) {
    const clean = PEERS.filter((p) => sizes.every((n) => get(p, n)?.bytesPerFrame < ZERO_BYTES)).map((p) => contenders[p].label);
    notAhead.push(`Allocation: the default loop allocates ${num(get('ours', allocSizes[0]).bytesPerFrame, 0)} B/frame at N = ${sizeLabel(allocSizes[0])} (the allocation table shows every N and the loop with detection).${clean.length ? ` Allocation-free peers in this run: ${clean.join(', ')}.` : ''}`);
  }
  for (const input of pacing.inputs.filter((i) => i.steady)) {
    const r = pacing.results.find((x) => x.input === input.id && x.contender === 'ours');
    const det = pacing.detected[input.id];
    if (r.judderRmsMs > 0 && r.judderRmsMs < ZERO_JUDDER_MS && r.duplicatesPerMin === 0 && r.doubledPerMin === 0) {
      const driftPerMin = r.judderRmsMs * (60_000 / (1000 / input.refreshHz));
      notAhead.push(`Pacing on ${input.label}: no visible judder, but a slow drift of ${driftPerMin.toFixed(3)} ms of game time per minute against the display, because the detector reports the known rate ${det.refreshRate} Hz while the display runs at ${input.refreshHz.toFixed(5)} Hz. A whole vblank of drift takes ${((1000 / input.refreshHz) / driftPerMin / 60).toFixed(1)} h.`);
      continue;
    }
    if (!(r.judderRmsMs > 0 || r.doubledPerMin > 0 || r.duplicatesPerMin > 0)) continue;
    const off = Math.abs(det.refreshRate - input.refreshHz) / input.refreshHz;
    const why = off > 1e-4
      ? `the detector measured ${(1000 / det.intervalMs).toFixed(3)} Hz but reported ${det.refreshRate} Hz (snapped to a known rate ${(off * 100).toFixed(2)} % away), so the smoother hands out ${det.refreshRate} Hz intervals on a ${input.refreshHz} Hz display; the lead grows until it passes \`maxLeadIntervals\` and the smoother resyncs, which shows as a repeated picture`
      : 'the detector reported the right rate; see the table above';
    notAhead.push(`Pacing on ${input.label}: ${judder(r.judderRmsMs)} RMS judder, ${num(r.duplicatesPerMin, 1)} repeats/min, ${num(r.doubledPerMin, 1)} doubled/min; ${why}.`);
  }
  for (const input of pacing.inputs) {
    const ours = pacing.results.find((x) => x.input === input.id && x.contender === 'ours');
    for (const id of ['raw', 'phaser', 'godot', 'seed003']) {
      const peer = pacing.results.find((x) => x.input === input.id && x.contender === id);
      if (peer.judderRmsMs + ZERO_JUDDER_MS < ours.judderRmsMs) {
        notAhead.push(`Pacing on ${input.label}: ${pacingContenders.find((c) => c.id === id).label} judders less (${judder(peer.judderRmsMs)} vs ${judder(ours.judderRmsMs)} RMS).`);
      }
    }
  }
  notAhead.push('mainloop.js is one global loop with one `update` hook: its N subscribers are a plain array the benchmark keeps, so its row is close to the floor by construction, and it offers none of the scheduler\'s phases, priorities, unsubscription or error isolation.');
  const jitter60 = ['fixed-none', 'fixed-previous', 'fixed-ahead', 'fixed-predicted']
    .map((id) => pacing.results.find((x) => x.input === '60-jitter' && x.contender === id))
    .filter((r) => r.judderRmsMs >= ZERO_JUDDER_MS || r.doubledPerMin > 0);
  const smoothedFixed = pacing.results.find((x) => x.input === '60-jitter' && x.contender === 'smoothed-fixed');
  if (jitter60.length && smoothedFixed.judderRmsMs < ZERO_JUDDER_MS) {
    notAhead.push(`Our fixed step fed raw timestamps (${jitter60.map((r) => `'${r.contender.slice(6)}'`).join(', ')}) judders on the 60 Hz jitter input: with a 60 Hz step on a 60 Hz display, timestamp jitter moves frames across step boundaries. That is the problem Frank Force's "Time Delta Smoothing" describes; fed the smoothed clock instead (the last row of each table) it does not.`);
  }
  for (const line of notAhead) out.push(`- ${line}`);
  out.push('');
  return out.join('\n');
}

/**
 * The benchmark summary page (docs/benchmarks.md): a few headline rows from the same run, and the
 * link to the full results.
 */
export function summary({ info, frameLoop, react, browser, pacing, contenders, bundleSizes = [] }) {
  const get = (name, n) => frameLoop.find((r) => r.name === name && r.n === n);
  const rows = [];
  for (const name of ['ours', 'rafz', 'motion', 'pixi', 'pixiLoop', 'mainloop', 'rafPerHook']) {
    const r1k = get(name, 1_000);
    const r10k = get(name, 10_000);
    const b = r1k.bytesPerFrame;
    rows.push([
      name === 'ours' ? `**${contenders[name].label}**` : contenders[name].label,
      duration(r1k.medianNs),
      duration(r10k.medianNs),
      b === null ? '?' : b < ZERO_BYTES ? '0' : bytes(b),
    ]);
  }
  const out = [];
  out.push('# Benchmarks');
  out.push('');
  out.push(`Measured by \`npm run bench\` on ${info.cpu} (${info.cores} cores), Node ${info.node}, ${info.date.slice(0, 10)}.`);
  out.push('Full tables, method and the cases where we are not ahead: [bench/RESULTS.md](../bench/RESULTS.md).');
  out.push('');
  out.push('```sh');
  out.push('npm run bench                    # builds dist/, runs everything, rewrites bench/RESULTS.md (~3–5 min)');
  out.push('npm run bench -- --skip-browser  # without the headless Chromium section');
  out.push('```');
  out.push('');
  if (bundleSizes.length) {
    // The floor rows are a lower bound, not something to install: section 0 and the goals explain them.
    const line = bundleSizes.filter((r) => !r.label.startsWith('floor:')).map((r) => `${r.label.replace(/ \(.*\)$/, '')} ${(r.gzip / 1024).toFixed(2)} KB`).join(', ');
    out.push(`Bundle size of one import (esbuild, minified + gzip, React external): ${line}.`);
    out.push('');
  }
  out.push('Frame-loop cost per frame, N subscribers with trivial callbacks (Node, median of 3 rounds):');
  out.push('');
  out.push(table(['frame loop', 'N = 1,000', 'N = 10,000', 'bytes / frame (N = 1,000)'], rows));
  out.push('');
  const oursReact = react.find((r) => r.label.startsWith('useFrame'));
  const stateReact = react.find((r) => !r.label.startsWith('useFrame'));
  if (oursReact && stateReact) {
    out.push(`With 1,000 animated components, \`useFrame\` causes ${oursReact.commitsPerFrame} React commits per frame`);
    out.push(`(${duration(oursReact.medianNs)} per frame); a hook that sets state every frame causes ${stateReact.commitsPerFrame} commit re-rendering`);
    out.push(`${stateReact.rendersPerFrame.toLocaleString('en-US')} components (${duration(stateReact.medianNs)} per frame).`);
    out.push('');
  }
  if (browser) {
    const line = browser.results.filter((r) => r.page !== 'baseline').map((r) => `${r.label} ${duration(r.meanMs * 1e6)}`).join(', ');
    out.push(`In headless Chromium with 1,000 subscribers, mean scripting time per frame: ${line}.`);
    out.push('');
  }
  const steady = pacing.inputs.filter((i) => i.steady);
  const cells = (id) => steady.map((i) => {
    const r = pacing.results.find((x) => x.input === i.id && x.contender === id);
    return `${judder(r.judderRmsMs).replace(' ms', '')} / ${num(r.doubledPerMin, 1)}`;
  });
  out.push('Pacing on replayed vsync timestamps (judder RMS ms / doubled deltas per minute):');
  out.push('');
  out.push(table(['delta source', ...steady.map((i) => i.label.replace(/ \(.*\)$/, ''))], [
    ['raw delta', ...cells('raw')],
    ['Phaser-style mean', ...cells('phaser')],
    ['Godot-style smoother', ...cells('godot')],
    ["Force's smoother, integer Hz", ...cells('seed003')],
    ['**ours** (detected rate + smoother)', ...cells('ours')],
  ]));
  out.push('');
  return out.join('\n');
}
