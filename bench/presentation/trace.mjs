// Reads Chromium's own record of a run (a CDP performance trace) and pairs every picture the page
// drew with the presentation that showed it.
//
// What the trace holds (Chromium 156, headless, software compositing), and the rule built on it:
// - The page's `performance.mark` calls are `blink.user_timing` instant events on the renderer's
//   main thread, on the trace clock (µs).
// - Every rAF callback runs inside one `ProxyMain::BeginMainFrame` slice on that thread, whose
//   `args.begin_frame_id` is the sequence number of the BeginFrame that started the main frame.
// - The compositor's `PipelineReporter` async slices (begin = the BeginFrame, end = the
//   presentation timestamp) carry `args.frame_reporter.frame_sequence` and `state`. One sequence
//   can have two reporters: when the main thread is slow, the compositor's own part of that frame
//   is reported on time (STATE_PRESENTED_PARTIAL, no main-frame update) and the main frame's part
//   is reported when it is finally presented, under the same sequence. Only the reporter whose
//   stages include `SendBeginMainFrameToCommit` carried the main frame, i.e. the page's picture.
// So: mark → enclosing BeginMainFrame → its begin_frame_id → the main-frame reporter with that
// frame_sequence → presented (STATE_PRESENTED_*) at the reporter's end, or not (STATE_DROPPED, or
// no reporter before the trace ended). A "first presentation after the mark" rule would be wrong:
// under load the picture drawn for BeginFrame N is presented one vblank late, after N+1's
// compositor-only frame.
// Vblanks: viz's `DelayBasedBeginFrameSource::OnTimerTick` slices are the display's ticks
// (`args.frame_time` on a fixed grid of `args.interval` µs; ticks the source was late for are
// skipped, the grid goes on). A picture presented between two grid points is on screen from the
// next one: that is its present time, and the grid points between two present times are the
// vblanks that elapsed.

const MAIN_FRAME_STAGE = 'SendBeginMainFrameToCommit';

/** The first index in sorted `values` whose value is > `x` (binary search). */
function upperBound(values, x) {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Parse one mark name written by page.mjs:
 * `rt|algorithm|index|pictureMs|updates|droppedMs|timestampMs`.
 */
function parseMark(name) {
  const parts = name.split('|');
  return {
    algorithm: parts[1],
    index: Number(parts[2]),
    pictureMs: Number(parts[3]),
    updates: Number(parts[4]),
    droppedMs: Number(parts[5]),
    timestampMs: Number(parts[6]),
  };
}

/**
 * @param {any[]} events  the trace's `traceEvents`
 * @returns the drawn pictures in order, each with its BeginFrame sequence and presentation (or
 *   none), the display's tick grid, and counts of what happened to them.
 */
export function pairPictures(events) {
  const marks = [];
  for (const e of events) {
    if (typeof e.name === 'string' && e.name.startsWith('rt|') && String(e.cat).includes('blink.user_timing')) {
      marks.push({ ...parseMark(e.name), ts: e.ts, pid: e.pid, tid: e.tid });
    }
  }
  marks.sort((a, b) => a.index - b.index);
  if (marks.length === 0) throw new Error('presentation trace: no performance marks from the page');
  const pid = marks[0].pid;
  const tid = marks[0].tid;

  // BeginMainFrame slices on the page's main thread, by start.
  const mainFrames = events
    .filter((e) => e.name === 'ProxyMain::BeginMainFrame' && e.ph === 'X' && e.pid === pid && e.tid === tid && e.args?.begin_frame_id !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const mainFrameStarts = mainFrames.map((e) => e.ts);

  // The renderer's BeginFrames: sequence → frame time (the rAF timestamp of that frame).
  const frameTimeUs = new Map();
  for (const e of events) {
    if (e.name === 'Scheduler::BeginFrame' && e.pid === pid && e.args?.args?.sequence_number !== undefined) {
      frameTimeUs.set(e.args.args.sequence_number, e.args.args.frame_time_us);
    }
  }

  // PipelineReporter slices of the renderer with their stages, by sequence.
  const open = new Map();
  const reporters = new Map();
  const sorted = events.filter((e) => e.pid === pid && (e.ph === 'b' || e.ph === 'e') && String(e.cat).includes('disabled-by-default-devtools.timeline.frame')).sort((a, b) => a.ts - b.ts);
  for (const e of sorted) {
    const key = e.id2?.local ?? e.id2?.global ?? e.id;
    if (e.name === 'PipelineReporter') {
      if (e.ph === 'b') {
        const r = e.args?.frame_reporter ?? {};
        open.set(key, { sequence: r.frame_sequence, state: r.state, beginUs: e.ts, endUs: NaN, stages: new Set() });
      } else {
        const r = open.get(key);
        if (!r) continue;
        open.delete(key);
        r.endUs = e.ts;
        if (!reporters.has(r.sequence)) reporters.set(r.sequence, []);
        reporters.get(r.sequence).push(r);
      }
    } else if (e.ph === 'b' && open.has(key)) {
      open.get(key).stages.add(e.name);
    }
  }

  // The display's ticks (viz's begin-frame source): the vblank grid.
  const ticks = events
    .filter((e) => e.name === 'DelayBasedBeginFrameSource::OnTimerTick' && e.args?.frame_time !== undefined)
    .map((e) => ({ us: e.args.frame_time, intervalUs: e.args.interval }))
    .sort((a, b) => a.us - b.us);
  const tickUs = ticks.map((t) => t.us);
  const intervalUs = median(ticks.map((t) => t.intervalUs));

  /**
   * The vblank from which a picture presented at `us` is on screen: the first tick of the display's
   * grid after it. The grid, not the list of ticks: the begin-frame source skips ticks it was late
   * for (gaps of 2 or 3 intervals in the record), but the display's vblanks go on.
   */
  function vblankAfter(us) {
    const i = upperBound(tickUs, us);
    const base = tickUs[Math.max(0, i - 1)];
    return base + (Math.floor((us - base) / intervalUs) + 1) * intervalUs;
  }

  const counts = { drawn: marks.length, presented: 0, dropped: 0, unreported: 0, outsideMainFrame: 0, states: {} };
  const pictures = marks.map((m) => {
    const i = upperBound(mainFrameStarts, m.ts) - 1;
    const mf = i >= 0 && m.ts <= mainFrames[i].ts + (mainFrames[i].dur ?? 0) ? mainFrames[i] : null;
    const picture = { ...m, sequence: NaN, frameTimeUs: NaN, mainFrameMs: NaN, state: 'none', presentedUs: NaN, vblankUs: NaN };
    if (!mf) {
      counts.outsideMainFrame += 1;
      return picture;
    }
    picture.sequence = mf.args.begin_frame_id;
    picture.mainFrameMs = (mf.dur ?? NaN) / 1000;
    picture.frameTimeUs = frameTimeUs.get(picture.sequence) ?? NaN;
    const reporter = (reporters.get(picture.sequence) ?? []).find((r) => r.stages.has(MAIN_FRAME_STAGE));
    if (!reporter) {
      counts.unreported += 1;
      return picture;
    }
    picture.state = reporter.state;
    counts.states[reporter.state] = (counts.states[reporter.state] ?? 0) + 1;
    if (String(reporter.state).startsWith('STATE_PRESENTED')) {
      counts.presented += 1;
      picture.presentedUs = reporter.endUs;
      picture.vblankUs = vblankAfter(reporter.endUs);
    } else counts.dropped += 1;
    return picture;
  });
  return { pictures, counts, intervalUs, ticks: tickUs.length };
}

/**
 * The viewer's frames from paired pictures: presentation time (the vblank showing the picture, ms
 * since the frame time of the first drawn picture, which is game time zero), the game time shown,
 * the updates handed out since the previous picture the viewer saw (a picture Chromium never
 * showed still moved the game on), and the vblanks that elapsed since that picture.
 * Headless Chromium sometimes presents two pictures within one display interval (a late one, then
 * the next right behind it): on a vsynced screen the first is replaced before the vblank and never
 * seen, so it is counted as superseded and its updates go to the picture that replaced it.
 * Beside the viewer's fields each frame carries `rafIntervals` (the rAF deltas since the previous
 * shown picture, each in whole display intervals: what any loop trusting rAF timestamps would
 * count) and `pipelineMs` (from the picture's BeginFrame to the vblank showing it).
 * @returns {{ frames: (import('../../src/simulation/viewer.ts').ViewerFrame & { rafIntervals: number, pipelineMs: number })[], superseded: number }}
 */
export function viewerFrames(pictures, intervalUs) {
  const zeroUs = pictures[0].frameTimeUs;
  const frames = [];
  let superseded = 0;
  let updates = 0;
  let rafIntervals = 0;
  let previousVblankUs = NaN;
  for (let i = 0; i < pictures.length; i++) {
    const p = pictures[i];
    updates += p.updates;
    if (i > 0) rafIntervals += Math.round(((p.timestampMs - pictures[i - 1].timestampMs) * 1000) / intervalUs);
    if (!(p.vblankUs === p.vblankUs)) continue;
    let next = i + 1;
    while (next < pictures.length && !(pictures[next].vblankUs === pictures[next].vblankUs)) next++;
    if (next < pictures.length && pictures[next].vblankUs <= p.vblankUs) {
      superseded += 1;
      continue;
    }
    frames.push({
      presentMs: (p.vblankUs - zeroUs) / 1000,
      pictureMs: p.pictureMs,
      droppedMs: p.droppedMs,
      updates,
      vblanks: previousVblankUs === previousVblankUs ? Math.round((p.vblankUs - previousVblankUs) / intervalUs) : NaN,
      rafIntervals,
      pipelineMs: (p.vblankUs - p.frameTimeUs) / 1000,
    });
    updates = 0;
    rafIntervals = 0;
    previousVblankUs = p.vblankUs;
  }
  return { frames, superseded };
}

/** Checks on the pairing itself: the rAF timestamp of every paired picture is its BeginFrame's frame time. */
export function pairingChecks(pictures) {
  const first = pictures.find((p) => p.frameTimeUs === p.frameTimeUs);
  let maxSkewMs = 0;
  const latenciesMs = [];
  for (const p of pictures) {
    if (p.frameTimeUs === p.frameTimeUs && first) {
      const skew = Math.abs(p.timestampMs - first.timestampMs - (p.frameTimeUs - first.frameTimeUs) / 1000);
      if (skew > maxSkewMs) maxSkewMs = skew;
    }
    if (p.presentedUs === p.presentedUs) latenciesMs.push((p.presentedUs - p.frameTimeUs) / 1000);
  }
  return {
    maxTimestampSkewMs: maxSkewMs,
    presentLatencyMeanMs: latenciesMs.length ? latenciesMs.reduce((a, b) => a + b, 0) / latenciesMs.length : NaN,
    presentLatencyMaxMs: latenciesMs.length ? Math.max(...latenciesMs) : NaN,
  };
}
