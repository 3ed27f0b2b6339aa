// A hand-built trace with one case of each kind the pairing rule must get right, and the exact
// answer. smoke.mjs runs it before the browser run, so a broken rule fails `npm test` even when
// this Chromium happens to present every picture on time.
import { strict as assert } from 'node:assert';
import { pairPictures, viewerFrames } from './trace.mjs';

const I = 16666; // display interval, µs
const T0 = 1000; // first tick, µs
const tick = (k) => T0 + k * I;
const VIZ = 1;
const RENDERER = 2;
const MAIN = 20;
const COMPOSITOR = 21;
const FRAME_CAT = 'cc,benchmark,disabled-by-default-devtools.timeline.frame';
const MAIN_STAGES = ['BeginImplFrameToSendBeginMainFrame', 'SendBeginMainFrameToCommit', 'Commit', 'SubmitCompositorFrameToPresentationCompositorFrame'];

function reporter(events, id, sequence, state, beginUs, endUs, stages) {
  const common = { cat: FRAME_CAT, pid: RENDERER, tid: COMPOSITOR, id2: { local: id } };
  events.push({ ...common, name: 'PipelineReporter', ph: 'b', ts: beginUs, args: { frame_reporter: { frame_sequence: sequence, state } } });
  stages.forEach((name, i) => events.push({ ...common, name, ph: 'b', ts: beginUs + i + 1, args: {} }));
  events.push({ ...common, name: 'PipelineReporter', ph: 'e', ts: endUs, args: {} });
}

function mark(events, ts, index, pictureMs, updates, timestampMs) {
  events.push({ cat: 'blink.user_timing', name: `rt|slicer|${index}|${pictureMs}|${updates}|0|${timestampMs}`, ph: 'I', pid: RENDERER, tid: MAIN, ts });
}

function mainFrame(events, sequence, ts, dur) {
  events.push({ cat: 'cc,benchmark', name: 'ProxyMain::BeginMainFrame', ph: 'X', pid: RENDERER, tid: MAIN, ts, dur, args: { begin_frame_id: sequence } });
}

export function checkPairingRule() {
  const events = [];
  // Ticks 0..9 with 5 and 6 skipped (the begin-frame source was late): the grid goes on.
  for (let k = 0; k < 10; k++) {
    if (k !== 5 && k !== 6) events.push({ cat: 'viz', name: 'DelayBasedBeginFrameSource::OnTimerTick', ph: 'X', pid: VIZ, tid: 10, ts: tick(k) + 50, dur: 100, args: { frame_time: tick(k), interval: I } });
    events.push({ cat: 'cc,benchmark', name: 'Scheduler::BeginFrame', ph: 'X', pid: RENDERER, tid: COMPOSITOR, ts: tick(k) + 100, dur: 40, args: { args: { sequence_number: 100 + k, frame_time_us: tick(k) } } });
  }
  // A: BeginFrame 101, presented in its own display frame → on screen at tick 2.
  mainFrame(events, 101, tick(1) + 200, 3000);
  mark(events, tick(1) + 300, 0, 0, 0, 100);
  reporter(events, 'a', 101, 'STATE_PRESENTED_ALL', tick(1), tick(1) + 900, MAIN_STAGES);
  // B: BeginFrame 102, slow main thread: the compositor-only part of 102 is reported on time as
  // PARTIAL, the main frame's part under the same sequence, presented after tick 3 → tick 4.
  mainFrame(events, 102, tick(2) + 200, 20000);
  mark(events, tick(2) + 300, 1, 16.666, 1, 116.666);
  reporter(events, 'b', 102, 'STATE_PRESENTED_PARTIAL', tick(2), tick(2) + 600, ['BeginImplFrameToSendBeginMainFrame', 'SubmitCompositorFrameToPresentationCompositorFrame']);
  reporter(events, 'c', 102, 'STATE_PRESENTED_ALL', tick(2), tick(3) + 500, MAIN_STAGES);
  // C: BeginFrame 103, presented in the same display interval as B → B is superseded, C on screen at tick 4.
  mainFrame(events, 103, tick(3) + 1000, 2000);
  mark(events, tick(3) + 1100, 2, 33.332, 1, 133.332);
  reporter(events, 'd', 103, 'STATE_PRESENTED_ALL', tick(3), tick(3) + 4000, MAIN_STAGES);
  // D: BeginFrame 104, presented late, after tick 5, which the begin-frame source skipped: on
  // screen at tick 6 (the grid), not at the next recorded tick (7).
  mainFrame(events, 104, tick(4) + 200, 2000);
  mark(events, tick(4) + 300, 3, 49.998, 1, 149.998);
  reporter(events, 'e', 104, 'STATE_PRESENTED_ALL', tick(4), tick(5) + 300, MAIN_STAGES);
  // E: BeginFrame 107 (after the skipped ticks), presented after tick 7 → on screen at tick 8.
  mainFrame(events, 107, tick(7) + 200, 2000);
  mark(events, tick(7) + 300, 4, 99.996, 3, 199.996);
  reporter(events, 'f', 107, 'STATE_PRESENTED_ALL', tick(7), tick(7) + 700, MAIN_STAGES);
  // F: a mark outside any BeginMainFrame.
  mark(events, tick(8) + 9000, 5, 116.662, 1, 216.662);
  // G: BeginFrame 109, dropped.
  mainFrame(events, 109, tick(9) + 200, 2000);
  mark(events, tick(9) + 300, 6, 133.328, 1, 233.328);
  reporter(events, 'g', 109, 'STATE_DROPPED', tick(9), tick(9) + 5000, MAIN_STAGES);

  const { pictures, counts, intervalUs } = pairPictures(events.reverse());
  assert.equal(intervalUs, I);
  assert.deepEqual(
    { drawn: counts.drawn, presented: counts.presented, dropped: counts.dropped, unreported: counts.unreported, outsideMainFrame: counts.outsideMainFrame },
    { drawn: 7, presented: 5, dropped: 1, unreported: 0, outsideMainFrame: 1 },
  );
  assert.deepEqual(pictures.map((p) => p.sequence), [101, 102, 103, 104, 107, NaN, 109]);
  assert.deepEqual(pictures.map((p) => p.vblankUs), [tick(2), tick(4), tick(4), tick(6), tick(8), NaN, NaN]);
  const { frames, superseded } = viewerFrames(pictures, intervalUs);
  assert.equal(superseded, 1);
  assert.deepEqual(frames.map((f) => [f.presentMs, f.updates, f.vblanks, f.rafIntervals]), [
    [(tick(2) - tick(1)) / 1000, 0, NaN, 0],
    // B's update and C's: two intervals for two vblanks (B was never seen).
    [(tick(4) - tick(1)) / 1000, 2, 2, 2],
    // D: one interval handed out, two vblanks on screen (late), rAF said one.
    [(tick(6) - tick(1)) / 1000, 1, 2, 1],
    // E: rAF said three intervals, three handed out, the screen moved two.
    [(tick(8) - tick(1)) / 1000, 3, 2, 3],
  ]);
}
