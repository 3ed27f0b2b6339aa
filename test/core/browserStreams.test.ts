/**
 * Browsers' frame streams (test/fixtures/browsers, docs/browsers.md): on every stream the detector's
 * verdict holds, and on every vsynced stream the counting algorithms hand out the vblanks elapsed —
 * on the set the constants were tuned on (sessions 1 to 7) and on the set held out (sessions 8 to 30).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBrowserStreams, REPHASE_COUNTABLE, splitHalf } from '../fixtures/browserFrames.js';
import { shownTable } from '../fixtures/docsTable.js';
import { deriveFrameFixture, fitVblankGrid, FRAME_GAP_MS, loadFrameFixtures, type FrameFixtureFile } from '../fixtures/frames.js';
import { createRefreshRateDetector } from '../../src/core/index.js';
import { replayFrames } from '../../src/simulation/index.js';
import { browserTables, COUNTING_KINDS, flaps, MAX_FLAPS, MIN_VERDICT, OVERLOAD_VBLANKS, streamFigures } from '../fixtures/browserMetrics.js';

const streams = loadBrowserStreams();

/**
 * The streams that miss the bar, and what they reach instead (a floor, so they cannot get worse
 * unseen). docs/browsers.md says why. Misses of sessions 5 to 9 are listed as the one run on each
 * found them, while it was held out (5 to 7 became tuning when a counter rule was chosen on them).
 * A flaps floor a later rule lowered under the bar is gone; the others are left as they were found.
 * `counted`: the share of frames counted, where a page is so busy that most frames are overloads
 * (alone, on a stream that meets the bar: fewer frames can be counted than the usual 30 %).
 * Since Firefox's verdicts are judged at the rate set rather than each stream's own fit (see
 * browserFrames.ts), the entries that moved say so; `firefox-201-cpu-s19` (200 Hz read for 201,
 * 0.53 % from its fit, 0.4975 % from the 201 set) left the list by that alone.
 */
const SHORTFALLS: Record<string, { verdict?: number; flaps?: number; first?: number; counted?: number }> = {
  // A page so busy at 165 and 240 Hz that frames take 3 to 15 vblanks with 0.4–0.6 ms of jitter.
  'firefox-165-paint': { verdict: 0.965 },
  // Session 2, once held out: re-phases every few frames under a painting browser or memory pressure.
  'firefox-75-tab': { verdict: 0.97 },
  // firefox-240-mem (97.4 %, now 99.9 %) meets the bar since a loop on every k-th vblank is read after 160 ms, not 10 intervals.
  // 72.5 % while the proof a new fit owes grew with the square of any number of breaks; 91.6 %
  // until a tight fit on a fine clock owed at most two breaks' proof (first synced 240 at frame 264, now 164).
  'firefox-240-tab': { verdict: 0.965 },
  // Session 3, held out until the counters' noise weighting was chosen on sessions 1–3.
  // firefox-30-load-cpu-s3 (a 30 Hz grid under a busy callback, first right at frame 203 until a
  // fit's closed segments faded) and firefox-85-mem-s3 (98.3 %, now 99.7 %) meet the bar since.
  'firefox-85-paint-s3': { verdict: 0.975 },
  'firefox-120-paint-s3': { verdict: 0.975 },
  // 98.3 % until a fit's closed segments faded; 96.2 % since: a 48 Hz loop read for frames 242–307.
  'firefox-165-paint-s3': { verdict: 0.96 },
  // 0.80 % flaps before the counters weighed the last offset by the stream's noise; 0.27 % until
  // a drifting phase waited for a frame that jumps anyway (0.11 % since).
  'firefox-200-load-cpu-s3': { verdict: 0.86 },
  // 57.0 % at the one blind run; 63.3 % at the second look, after the breaks' proof changed; 70.0 %
  // since a fit with a grid's jitter owes at most two breaks' proof; 84.0 % since a tight fit on a
  // fine clock does too (synced 240 from frame 258, not 644).
  'firefox-240-mem-s3': { verdict: 0.835 },
  // Session 4, as its one run found them (tuned on since; 170-mem and 280-tab meet the bar since a
  // page's first frames are measured, not called variable).
  'firefox-200-paint-s4': { verdict: 0.97 },
  // Its last grid verdict was 61.6 Hz on a 240 Hz display (counted at it, nearly every frame was
  // miscounted) and it was right on 75.0 % until a fit with a grid's jitter owed at most two breaks'
  // proof, 87.6 % until a tight fit on a fine clock did too (89.9 % since).
  'firefox-240-paint-s4': { verdict: 0.895 },
  // First right at frame 108 (0.39 s) since a page's first frames are measured, not called variable;
  // right on 98.9 % (100 % before) since a grid found again owes no length proof (docs/browsers.md):
  // it reads 56 Hz, a fifth of the display, for 16 frames.
  'firefox-280-paint-s4': { verdict: 0.985, flaps: 0.0045, first: 110 },
  // WebKitGTK's frame clock kept a 60 Hz grid under CPU hogs or a second tab (the loader judges
  // such a stream as that grid since it was found to keep one; it read 13.9 % as gridless): the detector
  // reads `'variable'` for stretches where the frames sit on it (86.7 %; 77.8 % since a creep on a
  // whole-ms clock starts a challenger over sixteen intervals, which its quiet stretches pass at 61.45 Hz).
  'webkitgtk-cpu-s4': { verdict: 0.77 },
  // Session 5, as its one run found it (nothing tuned on it), then judged as the grid it keeps: 68.2 → 53.6 %.
  'webkitgtk-tab-s5': { verdict: 0.53 },
  // Session 6, as its one run found it (recorded on a machine kept busy by a full npm test; nothing
  // tuned on it). firefox-85-paint-s6 (98.99 %) meets the bar since a quick throttled verdict needs
  // one count, firefox-130-tab-s6 (98.5 %, now 100 %) since a fit's closed segments fade, and
  // firefox-240-paint-s6 (0.31 % flaps, now 0.12 %) since a plain frame counts its whole number.
  'firefox-165-paint-s6': { verdict: 0.96 },
  // Session 7, as its one run found it (beside a full npm test again; nothing tuned on it).
  // firefox-150-paint-s7 (98.2 %, now 99.3 %) meets the bar since a grid found again owes no length
  // proof; firefox-220-tab-s7 (92.0 %, now 100 %) and firefox-240-tab-s7 (90.8 %, now 99.8 %) since
  // a fit's closed segments fade.
  'firefox-260-paint-s7': { flaps: 0.0055 },
  // firefox-260-load-cpu-s7 missed the bar while a fit's closed segments faded and plain frames
  // were not yet counted whole (0.25 % flaps at 260.00 Hz, the rate it ends at; 0.15 % since).
  // Judged as the 60 Hz grid they keep (as webkitgtk-cpu-s4): never right and 96.5 % as gridless.
  'webkitgtk-cpu-s7': { verdict: 0.82 },
  'webkitgtk-tab-s7': { verdict: 0.29 },
  // Session 8, as its one run found it (beside a full npm test; opened once the whole-ms creep rule,
  // not chosen on it, was committed). Its one Chromium miss (98.7 %) meets the bar since a slow
  // grid reads a display's rate over k (chosen on it: 30 on 60, not a young fit's 29.85).
  'firefox-180-paint-s8': { verdict: 0.97 },
  // Met the bar (99.3 %) until a fit's closed segments faded: painting, a 75 Hz grid read for 17
  // frames and then `'variable'` (right); counted at 75 Hz, its last grid, nearly every frame is miscounted.
  'firefox-210-paint-s8': { verdict: 0.96, flaps: 0.996 },
  'firefox-240-paint-s8': { verdict: 0.855 },
  'firefox-280-paint-s8': { flaps: 0.0055 },
  // Session 9, as its one run found it (beside a full npm test; opened with a counter rule since
  // dropped, and measured without it too: the same eight miss, these figures are without it).
  'firefox-105-paint-s9': { verdict: 0.955 },
  'firefox-135-paint-s9': { verdict: 0.96 },
  // firefox-175-tab-s9 (0.21 % flaps, now 0.16 %) meets the bar since a plain frame counts its whole number.
  'firefox-220-paint-s9': { verdict: 0.98 },
  // Reads `'variable'` for long stretches (63.2 % and 1.47 % flaps at its last rate before a fit
  // with a grid's jitter owed at most two breaks' proof).
  'firefox-260-tab-s9': { verdict: 0.735, flaps: 0.0065 },
  // Judged as the 60 Hz grid it keeps: 32.7 % as gridless; counted at 60 Hz, 0.30–0.36 % flapped
  // until a drifting phase waited for a frame that jumps anyway (0.12 % since).
  'webkitgtk-cpu-s9': { verdict: 0.74 },
  // First right at frame 153 (122 until a fit's closed segments faded): 48 Hz, then `unsynced`.
  'webkitgtk-mem-s9': { first: 155 },
  // Session 10, as its one run found it (beside a full npm test; opened once the slow-grid rule and
  // the loader's rule for streams that keep a grid without vsync, neither chosen on it, were committed).
  // firefox-155-paint-s10 (93.5 %, now 99.6 %) meets the bar since a loop on every k-th vblank is read after 160 ms, not 10 intervals.
  // firefox-240-paint-s10 (0.39 % flaps, now 0.10 %) meets the bar since a plain frame counts its whole number.
  // 245 Hz is no known rate: read as 240, then 242.2–242.7 Hz for 100 frames before 245.
  'firefox-245-cpu-s10': { first: 145 },
  // 94.6 % before a grid found again owed no length proof, 94.3 % since.
  'firefox-245-paint-s10': { verdict: 0.94, flaps: 0.004 },
  'firefox-260-tab-s10': { verdict: 0.86, flaps: 0.0075 },
  // No grid (WebKitGTK's frame clock): met the bar (100 %) until a grid found again owed no length
  // proof (95.8 %: `synced 60` for 81 frames).
  'webkitgtk-tab-s10': { verdict: 0.955 },
  // Session 11, as its one run found it (beside a full npm test; no rule changed after session 10's run).
  // 160 Hz is no known rate: its first verdict read 159.1 Hz (0.56 % off) for 111 frames.
  'firefox-160-tab-s11': { first: 120 },
  // firefox-230-tab-s11 (91.6 %: a young fit read 227.4–228.5 Hz after a lost lock) meets the bar
  // since a fit's closed segments fade (99.8 %); firefox-260-paint-s10 (0.21 % flaps) too, and
  // firefox-240-paint-s11 (0.24 % flaps, now 0.06 %) since a plain frame counts its whole number.
  'firefox-280-paint-s11': { flaps: 0.005 },
  'firefox-280-tab-s11': { flaps: 0.0085 },
  // Session 12, as its one run found it (beside a full npm test; opened once the whole-ms challenger
  // over sixteen intervals was committed: with and without it, the same figures).
  // firefox-230-tab-s12 (98.0 %, now 99.2 %) meets the bar since a fit's closed segments fade.
  'firefox-230-paint-s12': { verdict: 0.975 },
  // A young fit reads 248.1–248.5 Hz (0.6–0.8 % under the 250 set) until frame 143.
  'firefox-250-tab-s12': { verdict: 0.88, flaps: 0.004, first: 145 },
  // firefox-260-paint-s12 (0.39 % flaps, now 0.10 %) meets the bar since a plain frame counts its whole number.
  'firefox-260-tab-s12': { verdict: 0.64, flaps: 0.007 },
  // Near the timer-grid bar (a 60 Hz fit 0.46 % off, 2.55 ms RMS): judged gridless, it reads `synced 60` for stretches.
  'webkitgtk-cpu-s12': { verdict: 0.72 },
  // Reads a chance 75 Hz grid for stretches.
  'webkitgtk-paint-s12': { verdict: 0.945 },
  // Session 13, as its one run found it (beside a full npm test; opened once the whole-ms re-phase
  // challenger, which no Firefox stream can reach, was committed). 145 Hz is no known rate, 0.7 %
  // from 144: a young fit snaps to 144 for tens of frames.
  'firefox-145-mem-s13': { verdict: 0.81 },
  'firefox-145-paint-s13': { verdict: 0.88, first: 105 },
  'firefox-145-tab-s13': { first: 140 },
  // 185 Hz is no known rate: read as 180 Hz (a known one), then 182.9 Hz, until frame 117.
  'firefox-185-tab-s13': { first: 120 },
  // 69.3 % until a fit's closed segments faded (89.4 % since: 247.8–248.8 Hz for stretches).
  'firefox-250-tab-s13': { verdict: 0.89, flaps: 0.011 },
  // firefox-250-paint-s13 and firefox-260-paint-s13 (0.20 and 0.36 % flaps while a fit's closed
  // segments faded and plain frames were not yet counted whole; 0.07 and 0.15 % since) meet the bar.
  // From frame 227 on read 255.9–258.6 Hz (0.8–1.8 % off).
  'firefox-260-tab-s13': { verdict: 0.1, flaps: 0.0095 },
  // 1.0 ms RMS jitter at 270 Hz (a quarter of the interval): read 273–276 Hz, then unsynced, until frame 373.
  'firefox-270-load-cpu-s13': { flaps: 0.004, first: 375 },
  // `'variable'` from frame 23 to 1,273 at its one run (50.4 %): locks of 100–200 points broke at
  // re-phases, and the breaks' proof grew; 91.8 % since a fit with a grid's jitter owes at most two breaks'.
  'firefox-270-mem-s13': { verdict: 0.915 },
  'firefox-270-paint-s13': { flaps: 0.0055 },
  // Its last verdict's rate is 227.76 Hz: counted at it, most frames are miscounted.
  'firefox-270-tab-s13': { verdict: 0.69, flaps: 0.17, first: 105 },
  // `'variable'` from frame 102 (the bar asks for its first right verdict before frame 100).
  'webkitgtk-tab-s13': { first: 105 },
  // Session 14, as its one run found it (beside a fresh-clone CI run; opened once the grid-jitter
  // cap on the breaks' proof, chosen with session 13 in view, was committed: with and without it
  // the same 21 of 27 meet the bar). A painting page's skipped frames read as a throttled loop or a
  // loop at a half, third or quarter of the display for a frame or a few.
  'firefox-121-paint-s14': { verdict: 0.975 },
  // firefox-235-paint-s14 (98.9 %, now 99.5 %) meets the bar since a loop on every k-th vblank is read after 160 ms, not 10 intervals.
  // 166 Hz is no known rate, 0.6 % from 165: a young fit snaps to 165 for tens of frames.
  'firefox-166-load-cpu-s14': { verdict: 0.98 },
  // 98.5 % until a fit's closed segments faded; 97.1 % since (165 Hz, by turns, until frame 117).
  'firefox-166-tab-s14': { verdict: 0.97 },
  // 0.29 % flaps before a grid found again owed no length proof; 0.44 % at its last rate since.
  'firefox-270-paint-s14': { flaps: 0.0045 },
  // 0.93 ms RMS jitter at 270 Hz: `'variable'` from frame 853 to 1,856 at its one run; for frames
  // 699–721 and 1,741–1,813 now (98.8 % until a fit's closed segments faded, 95.1 % since).
  'firefox-270-tab-s14': { verdict: 0.95, flaps: 0.0135 },
  // Session 15, as its one run found it (beside a fresh-clone CI run; opened with no rule changed
  // after session 14's run). 99 and 171 Hz, within 1 % of 100 and 170, meet the bar at three loads
  // each; behind a tab a young fit snaps to the known rate for over 100 frames.
  'firefox-166-tab-s15': { first: 135 },
  // First right at frame 125 until a fit's closed segments faded, at 154 since (170 Hz until then).
  'firefox-171-tab-s15': { first: 155 },
  // Painting: skipped frames read as a throttled loop or a half or third of the display for a few
  // frames, and a lost grid `'variable'` for stretches (frames 31–169 of the first). A third,
  // firefox-99-paint-s15 (98.9 %), meets the bar since a quick throttled verdict needs one count, and
  // a fourth, firefox-205-paint-s15 (96.0 %, now 99.4 %), since a grid found again owes no length
  // proof.
  'firefox-166-paint-s15': { verdict: 0.92 },
  'firefox-171-paint-s15': { verdict: 0.925 },
  'firefox-270-paint-s15': { flaps: 0.009 },
  // Read 195.3–195.8 Hz (4.6 % low) until frame 293, then 200–207 Hz until 651, right since (65.8 %
  // and first right at frame 887 until a fit's closed segments faded: a first segment that counted
  // its vblanks at 195 Hz held the slope while later short ones read 203–208 Hz).
  'firefox-205-tab-s15': { first: 655 },
  // 1.10 ms RMS jitter (half its interval): read 251.7–257.0 Hz, then `'variable'`, until frame 677
  // (539 until a fit's closed segments faded; right on 97.5 % then, 100 % since).
  'firefox-270-tab-s15': { flaps: 0.006, first: 680 },
  // Judged as the 60 Hz grid it keeps (1.75 ms RMS, 0.84 of the bar): `'variable'` for stretches.
  'webkitgtk-cpu-s15': { verdict: 0.66 },
  // Session 16, as its one run found it (beside a full npm test; opened once, after the counting
  // rule that waits for a frame that jumps anyway, chosen on sessions 1–7, was committed: with and
  // without it the same 18 of 27 meet the bar). 143 Hz is no known rate, 0.6 % from 143.86 and
  // 0.7 % from 144: a young fit reads 144, then 143.86.
  'firefox-143-tab-s16': { first: 115 },
  'firefox-143-paint-s16': { verdict: 0.945 },
  // Behind a tab a young fit reads a known rate near the stream's: 170 Hz (until frame 160; again
  // for 60 frames until a fit's closed segments faded), 200 and then 201.9–202.4 Hz (until 143),
  // 220.6 Hz falling to 216.3 (0.6 % over the 215 set, until 145; judged at its own fit, 214.37 Hz, until 339).
  'firefox-171-tab-s16': { first: 165 },
  'firefox-205-tab-s16': { first: 145 },
  'firefox-215-tab-s16': { first: 150 },
  // Painting: a throttled loop or a half or third of the display for a few frames at a time.
  'firefox-171-paint-s16': { verdict: 0.97 },
  // Right on 98.996 %, just under the bar; its last verdict, at the last frame, reads a quarter of
  // the display (53.71 Hz): counted at that rate nearly every frame is miscounted (0.18 % at the
  // fitted rate).
  'firefox-215-paint-s16': { verdict: 0.985, flaps: 0.999 },
  // Judged as the 60 Hz grid it keeps (0.94 ms RMS): `'variable'` for stretches.
  'webkitgtk-cpu-s16': { verdict: 0.745 },
  // No grid: it reads chance grids near 60 Hz (58.3–60) for stretches until frame 885.
  'webkitgtk-tab-s16': { first: 890 },
  // Session 17, as its one run found it (beside a fresh-clone CI run and opened once, after the
  // rules that split a slow grid on a quicker loop and read a straddled skip run as steady, chosen
  // on modelled rate switches: with and without them the same 23 of 27 meet the bar). 76 Hz is no
  // known rate, 1.3 % from 75: a young fit reads 75 until frame 74.
  'firefox-76-mem-s17': { verdict: 0.955 },
  // Painting: a throttled loop (44–47 Hz) for a few frames at a time.
  'firefox-119-paint-s17': { verdict: 0.97 },
  // firefox-215-paint-s17 (98.9 %: the loop's 100–101.5 Hz read until frame 52, later a quarter or
  // a third of the display for a frame) meets the bar since a fit's closed segments fade (99.7 %).
  // Near the timer-grid bar (a 60 Hz fit 0.34 % off, 2.91 ms RMS, as webkitgtk-cpu-s12): judged
  // gridless, it reads `synced 60` for stretches (frames 515–761, 1,059–1,189, …).
  'webkitgtk-cpu-s17': { verdict: 0.71 },
  // Session 18, as its one run found it (beside a fresh-clone CI run; opened once, after the rule
  // that a quick throttled verdict needs one count, chosen on sessions 1–7: with and without it the
  // same 19 of 27 meet the bar). Painting at 181 and 225 Hz: `'variable'` from frame 22 to 1,101;
  // a third of the display (78.76 Hz) at first, then `'variable'` from frame 89 to 585.
  'firefox-181-paint-s18': { verdict: 0.85 },
  'firefox-225-paint-s18': { verdict: 0.985 },
  // 181 Hz is no known rate, 0.6 % from 180: a young fit reads 176.8–178.3 Hz, 180, then 182.3,
  // first right at frame 104.
  'firefox-181-tab-s18': { first: 105 },
  // Behind a tab a young fit reads 229.5–227.9 Hz (1.3–2 % off), then `'variable'`, until frame 272,
  // and again from 298 to 546 (first right at frame 783 and 72.1 % until a fit's closed segments faded).
  'firefox-225-tab-s18': { verdict: 0.855, first: 275 },
  // `'variable'` from frame 37 to 171, and again for 95 frames.
  'firefox-255-mem-s18': { verdict: 0.885 },
  // A young fit reads 252.5 Hz (1 % low) until frame 129, then 253.6 Hz (0.55 % under the 255 set)
  // until 352; counted at its last rate, 0.54 % flap.
  'firefox-255-tab-s18': { flaps: 0.0055, first: 355 },
  // Just inside twice the timer-grid bar (a 60 Hz fit 0.29 % off, 4.12 ms RMS): judged gridless, it
  // reads `synced 60` for stretches (frames 710–867, 1,005–1,048, …): 79.9 % before a grid found
  // again owed no length proof, 63.3 % since.
  'webkitgtk-cpu-s18': { verdict: 0.63 },
  // No grid: a throttled loop of 20–25 Hz on a 50 Hz display for stretches (from frame 847; 73.9 %
  // until a fit's closed segments faded, 86.6 % since).
  'webkitgtk-paint-s18': { verdict: 0.865 },
  // Session 19, as its one run found it (beside a fresh-clone CI run; opened once, on the code of
  // session 18's run: no rule was chosen since): 22 of 27 meet the bar. Behind a tab at 132 Hz, the
  // lock lost at frame 1,113 and a young fit 1.5 % high (133.95 Hz) until frame 1,155.
  'firefox-132-tab-s19': { verdict: 0.98 },
  // Under memory pressure a young fit reads 203.35 then 202.46 Hz (0.7–1.1 % high) from frame 27 to 55.
  'firefox-201-mem-s19': { verdict: 0.985 },
  // Behind a tab a young fit reads 258.8 then 256.7 Hz until frame 65; counted at the fitted rate,
  // 0.68 % flap. After a lost lock at frame 1,221 it reads 251.2–253.0 Hz and `'variable'` until
  // 1,565 (98.9 % until a fit's closed segments faded, 85.2 % since).
  'firefox-255-tab-s19': { verdict: 0.85, flaps: 0.007 },
  // Gridless (a 60 Hz fit 1.8 % off, 58.92 Hz at 4.13 ms RMS): reads `synced 60` from frame 611 to 1,026.
  'webkitgtk-cpu-s19': { verdict: 0.785 },
  // Session 20, as its one run found it (beside a full npm test; opened once, after the rule that a
  // grid found again owes no length proof was committed): 22 of 27 meet the bar with it and without
  // it (it adds 57 and 269 right frames at 238 Hz painting and behind a tab). Painting, a loop at a
  // half or third of the display for a few frames, or 85 Hz (a known rate, 1.2 % from 84) for 13.
  'firefox-84-paint-s20': { verdict: 0.985 },
  'firefox-132-paint-s20': { verdict: 0.98 },
  // firefox-201-paint-s20 (98.8 %, now 99.2 %) meets the bar since a loop on every k-th vblank is read after 160 ms, not 10 intervals.
  // `'variable'` for 27 frames, 240 Hz (a known rate, 0.9 % from 238) for 16.
  'firefox-238-paint-s20': { verdict: 0.97 },
  // Behind a tab: from frame 1,358 the lock is lost, `'variable'` and 240 Hz by turns. (Judged at
  // its own fit, 236.93 Hz, 0.43 % under the 238 set, it was right on 37.3 % from frame 213.)
  'firefox-238-tab-s20': { verdict: 0.92 },
  // Met the bar (99.6 %) until a fit's closed segments faded (98.6 %): `unsynced` for frames 1,748–1,767.
  'webkitgtk-cpu-s20': { verdict: 0.985 },
  // Session 21, as its one run found it (recorded this session beside short test runs; opened once,
  // after Firefox's verdicts were judged at the rate set, with no rule chosen since session 20's
  // run): 22 of 27 meet the bar (21 judged at each stream's own fit: `firefox-238-paint-s21` too).
  // 165 Hz (a known rate, 0.6 % from 164) until frame 119.
  'firefox-164-tab-s21': { first: 125 },
  // firefox-265-mem-s21 (98.4 %: the loop read at half the display for 1–6 frames at a time; now
  // 100 %) meets the bar since a loop on every k-th vblank is read after 160 ms, not 10 intervals.
  // Painting so hard that frames take 5 to 12 vblanks and more: 1 flap in the 267 frames counted
  // (13 %; the others overloaded or ambiguous), the verdict right throughout.
  'firefox-265-paint-s21': { flaps: 0.004, counted: 0.13 },
  // Session 22 (recorded once session 21 was spent, after the tight-fit rule was chosen on the
  // tuning set; opened once, after that rule was committed, and measured without it too: the same figures):
  // 23 of 27 meet the bar.
  // (Meets the bar: right from frame 29, no flap; frames so long that 371 of 2,000 can be counted.)
  'firefox-242-paint-s22': { counted: 0.18 },
  // 240 Hz (a known rate, 0.8 % from 242) until frame 74; 0.23 % flaps (fit 241.36 Hz, 0.26 % under the rate set).
  'firefox-242-load-cpu-s22': { flaps: 0.0025 },
  // Every second vblank read as 120 Hz (0.8 % from the loop's 121), then `'variable'` while frames
  // took one or two vblanks (frames 192–313, 622–760), and the loop read at half for 1–19 frames.
  'firefox-242-mem-s22': { verdict: 0.85, first: 175 },
  // Painting so hard that frames take many vblanks: a 50 Hz and then a 213 Hz grid read until frame
  // 167 (`'variable'` since, right; 244 until a fit's closed segments faded): counted at 213 Hz,
  // nearly every frame is miscounted.
  'firefox-265-paint-s22': { verdict: 0.96, flaps: 0.995 },
  // No grid: a throttled loop of 21.6–21.9 Hz on a 60 Hz display read from frame 1,344 to 1,578.
  'webkitgtk-paint-s22': { verdict: 0.875 },
  // Session 23 (recorded beside a fresh-clone CI run once session 22 was spent; opened once, after
  // the fading-segments rule was fixed on the tuning set, and measured without it too: 21 of 27
  // then, these figures with it): 20 of 27 meet the bar. Painting: the loop read as throttled on
  // 101 Hz (117 frames) or at half the display (15); a half or third of it for a few frames.
  'firefox-101-paint-s23': { verdict: 0.93 },
  'firefox-148-paint-s23': { verdict: 0.985 },
  // 179 Hz is no known rate, 0.6 % from 180: 180 read until frame 117, and again for frames
  // 1,666–1,742; painting, for frames 320–339.
  'firefox-179-cpu-s23': { verdict: 0.95, first: 120 },
  'firefox-179-paint-s23': { verdict: 0.985 },
  // Painting so hard that 320 of 2,000 frames can be counted: 0.31 % flap (1 of 320), the verdict right throughout.
  'firefox-242-paint-s23': { flaps: 0.0035, counted: 0.15 },
  // 240 Hz (a known rate, 0.8 % from 242) until frame 82, and again for 26 and 22 frames.
  'firefox-242-tab-s23': { verdict: 0.97 },
  // Under memory pressure `'variable'` for frames 74–125, and the loop read at half the display (124 Hz) for 22 frames.
  'firefox-248-mem-s23': { verdict: 0.95 },
  // (Meets the bar: right from frame 12, no flap; frames so long that 67 of 2,000 can be counted.)
  'firefox-248-paint-s23': { counted: 0.03 },
  // Session 24 (recorded beside the detector's trials once session 23 was spent; opened once,
  // after the plain-frame counting rule was committed, and measured without it too: the same 22 of
  // 27 meet the bar, `firefox-248-tab-s24` 1 flap fewer). `firefox-158-paint-s24` (98.996 %, now
  // 99.1 %) meets the bar since a loop on every k-th vblank is read after 160 ms, not 10 intervals.
  // 179 Hz is no known rate: a young fit reads 175.6–178.0 Hz until frame 103, and 180 (0.6 % off)
  // for frames 981–1,026.
  'firefox-179-tab-s24': { verdict: 0.965, first: 105 },
  // Painting: the loop read as throttled at 27 Hz (every eighth vblank) for stretches of 8–42
  // frames, 413 in all, where the truth's last 16 frames took fewer vblanks; 259 of 2,000 frames
  // can be counted.
  'firefox-216-paint-s24': { verdict: 0.79, counted: 0.12 },
  // Right from frame 8 on every frame; 0.21 % flaps.
  'firefox-216-tab-s24': { flaps: 0.0025 },
  // A first fit at 289 Hz, then `'variable'` until frame 66.
  'firefox-248-tab-s24': { verdict: 0.975 },
  // (Meets the bar: right from frame 15, no flap; 101 of 2,000 frames can be counted.)
  'firefox-248-paint-s24': { counted: 0.05 },
  // Behind a tab, a young fit at 253.4 Hz then `'variable'` until frame 146; 5 flaps in 1,909 frames.
  'firefox-265-tab-s21': { flaps: 0.0035, first: 150 },
  // Painting: throttled on 92 Hz at a 23–46 Hz loop for 1–5 frames at a time.
  'firefox-92-paint-s21': { verdict: 0.98 },
  // Session 25, opened with the code unchanged (no rule chosen for it).
  // Behind a tab, a young fit snapped to 165 Hz, then `'variable'` until frame 145.
  'firefox-158-tab-s25': { first: 150 },
  // A busy callback: a first fit at 235 Hz, 1.3 % fast, closes in on 232 by frame 276.
  'firefox-232-load-cpu-s25': { first: 280 },
  // firefox-232-mem-s25 (94.2 %: under memory pressure a loop on every second vblank for a few
  // frames at a time read as 116 Hz after 10 of them; now 100 %) meets the bar since a loop on every k-th vblank is read after 160 ms, not 10 intervals.
  // Painting: throttled at a 29 Hz loop for stretches the ground truth calls not busy; 0.50 % flaps.
  'firefox-232-paint-s25': { verdict: 0.95, flaps: 0.0051, counted: 0.09 },
  // (Meets the bar: right from frame 16 on 99.3 % of frames; 410 of 2,000 frames can be counted.)
  'firefox-216-paint-s25': { counted: 0.2 },
  // Behind a tab: young fits at 236.8 then 227.9 Hz until frame 213; `'unsynced'` for 90 frames at 1,526.
  'firefox-232-tab-s25': { first: 220, verdict: 0.95 },
  // Throttled at a 32 Hz loop for 57 frames of a stream without a grid.
  'webkitgtk-mem-s25': { verdict: 0.97 },
  // Session 26 (recorded beside the trials of the 160 ms loop rule; opened once, after it was
  // committed, and measured without it too: the same 21 of 27 meet the bar).
  // Behind a tab, young fits at 143.86 (a known rate), 141.6, 140.8 and 136.8 Hz until frame 124.
  'firefox-138-tab-s26': { first: 130 },
  // Painting: a third of the display (50.7 Hz) for 19 frames, throttled at 38–40 Hz for 6.
  'firefox-152-paint-s26': { verdict: 0.985 },
  // Painting: throttled at 28 Hz (every eighth vblank) for 22 frames, at 46 Hz for 3.
  'firefox-226-paint-s26': { verdict: 0.985 },
  // Painting: throttled at 29.6–33.1 Hz for stretches the ground truth calls not busy.
  'firefox-232-paint-s26': { verdict: 0.975 },
  // Behind a tab: 233.6–234.1 Hz (0.7–0.9 % fast) for 100 frames, `'unsynced'` for 69.
  'firefox-232-tab-s26': { verdict: 0.91 },
  // Without a grid: read `synced 60` for its last 78 frames.
  'webkitgtk-cpu-s26': { verdict: 0.96 },
  // Session 27 (recorded after the 160 ms loop rule was committed, no rule chosen since; opened
  // once and measured without that rule too: the same 24 of 27 meet the bar).
  // Under memory pressure: `'variable'` from frame 55 until frame 182.
  'firefox-222-mem-s27': { first: 185 },
  // Painting: a young fit at 181.7 Hz for 36 frames, a quarter of the display (55.5 Hz) for 39.
  'firefox-222-paint-s27': { verdict: 0.95 },
  // Without a grid: read `synced 60` on 842 frames and `synced 48` on 104, first right at frame 389.
  'webkitgtk-cpu-s27': { verdict: 0.6, first: 390 },
  // Session 28 (recorded before this session, after the 160 ms loop rule; no rule chosen since;
  // opened once and measured without that rule too: 18 of 27 meet the bar with it, 17 without).
  // Painting: throttled at a third or a half of the display (30–31, 46.5 Hz) for 3–8 frames at a time.
  'firefox-93-paint-s28': { verdict: 0.98 },
  // firefox-134-tab-s28 (92.2 %: three re-phases the same way within nine frames read as 119.88 Hz,
  // then 123.99 Hz, for 140 frames) meets the bar since a drift must show in half the intervals.
  // Under memory pressure: 144 Hz (a known rate) for frames 14 to 29; `'unsynced'` for 14 at 1,346.
  'firefox-142-mem-s28': { verdict: 0.985 },
  // Behind a tab: young fits at 143.86 and 141.25 Hz until frame 147; later 146.89 and 144 Hz for
  // 71 frames and `'variable'` for 95.
  'firefox-142-tab-s28': { verdict: 0.9, first: 150 },
  // Behind a tab: `'unsynced'` for 18 frames at 1,660; 0.39 % flaps.
  'firefox-222-tab-s28': { flaps: 0.004 },
  // A busy callback: young fits at 240 Hz (a known rate), 238.2 and 237.3 Hz until frame 151.
  'firefox-236-load-cpu-s28': { verdict: 0.985, first: 155 },
  // Under memory pressure: a young fit at 234.1 Hz for 25 frames, `'unsynced'` for 13 at 1,857
  // (87.2 % without the 160 ms loop rule: a loop on every second vblank read as 117.9 Hz).
  'firefox-236-mem-s28': { verdict: 0.985 },
  // (Meets the bar: right from frame 19 on every frame; 394 of 2,000 frames can be counted.)
  'firefox-222-paint-s28': { counted: 0.19 },
  // (Meets the bar: right from frame 11 on every frame; 161 of 2,000 frames can be counted.)
  'firefox-236-paint-s28': { counted: 0.08 },
  // Behind a tab: `'variable'`, 240 and 237.3 Hz by turns until frame 40.
  'firefox-236-tab-s28': { verdict: 0.985 },
  // Without a grid: read `synced 60` for 81 frames from frame 610.
  'webkitgtk-cpu-s28': { verdict: 0.95 },
  // Session 29 (recorded before the drift rule was found, opened once after it was committed and
  // measured without it and without the 160 ms loop rule too: 21 of 27 meet the bar either way).
  // Painting: a young fit at 96.35 Hz for 13 frames, `'variable'` for 7, throttled at 24 Hz for 3.
  'firefox-97-paint-s29': { verdict: 0.97 },
  // Painting: the loop at half the display (59 Hz) for 18 frames near the end.
  'firefox-118-paint-s29': { verdict: 0.975 },
  // Painting: throttled at 26.5–27.1 Hz for stretches the ground truth calls not busy.
  'firefox-212-paint-s29': { verdict: 0.975, counted: 0.25 },
  // Painting: throttled at 29.5 Hz for stretches the ground truth calls not busy (103 frames at 1,623).
  'firefox-236-paint-s29': { verdict: 0.9 },
  // Behind a tab: 240 Hz (a known rate) for 4 frames, a fit at 234.8 Hz for 42.
  'firefox-236-tab-s29': { verdict: 0.975 },
  // Without a grid: 48, 50, 60, 61.9 and 75 Hz by turns and `'unsynced'` until frame 220.
  'webkitgtk-mem-s29': { first: 225 },
  // Session 30 (Firefox at 480, 500 and 540 Hz, recorded after the rule that reads displays faster
  // than 400 Hz was written, opened once after it was committed): 6 of 19 meet the bar. At these
  // rates Firefox's software vsync under load jitters 0.1–5 ms RMS (up to 2.5 periods); where the
  // detector is wrong it reads `'variable'` or `'unsynced'` (no grid), never another rate (tested
  // below). Before the rule each of them read no grid (`'measuring'`, `'variable'`) at 60 Hz from frame 30 on.
  'firefox-480-cpu-s30': { verdict: 0.915 },
  'firefox-480-load-cpu-s30': { verdict: 0.945, flaps: 0.0025 },
  'firefox-480-mem-s30': { verdict: 0.745, flaps: 0.018 },
  // (Meets the bar: right from frame 26; nearly every frame an overload, few can be counted.)
  'firefox-480-paint-s30': { counted: 0 },
  'firefox-480-tab-s30': { verdict: 0.4, flaps: 0.0095 },
  'firefox-500-cpu-s30': { verdict: 0.965, flaps: 0.003 },
  'firefox-500-load-cpu-s30': { verdict: 0.815, flaps: 0.007 },
  'firefox-500-mem-s30': { verdict: 0.89, flaps: 0.0225 },
  // (Meets the bar: right from frame 18; nearly every frame an overload, few can be counted.)
  'firefox-500-paint-s30': { counted: 0.006 },
  'firefox-500-tab-s30': { verdict: 0.225, flaps: 0.0135 },
  'firefox-540-cpu-s30': { verdict: 0.94, flaps: 0.0115 },
  'firefox-540-load-cpu-s30': { first: 225, verdict: 0.85, flaps: 0.0235 },
  'firefox-540-mem-s30': { verdict: 0.7, flaps: 0.0245 },
  'firefox-540-paint-s30': { flaps: 0.0715, counted: 0.006 },
  'firefox-540-tab-s30': { verdict: 0.42, flaps: 0.0195 },
};

describe('browser streams: the fixtures', () => {
  it('three times the first session: 22 streams, then 67, 34 and 35 on a busier machine, then 34, 31 and 30, and 28, 26, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27 and 19 held out', () => {
    const sessionOf = (n: number) => streams.filter((s) => (s.file.session ?? 1) === n);
    expect(sessionOf(1)).toHaveLength(22);
    expect(sessionOf(2).length).toBeGreaterThanOrEqual(3 * 22);
    /** Sessions 3 to 30: their streams, and the Firefox rates no earlier session had. */
    const later: Record<number, [streams: number, newRates: number[]]> = {
      3: [34, [72, 85, 200]],
      4: [35, [70, 170, 280]],
      5: [34, [65, 110, 190]],
      6: [31, [80, 130, 220]],
      7: [30, [96, 150, 260]],
      8: [28, [210]],
      9: [26, [105, 135, 175]],
      10: [27, [115, 155, 245]],
      11: [27, [125, 160, 230]],
      12: [27, [140, 195, 250]],
      13: [27, [145, 185, 270]],
      14: [27, [121, 166, 235]],
      15: [27, [99, 171, 205]],
      16: [27, [89, 143, 215]],
      17: [27, [76, 119, 225]],
      18: [27, [94, 181, 255]],
      19: [27, [68, 132, 201]],
      20: [27, [84, 112, 238]],
      21: [27, [92, 164, 265]],
      22: [27, [78, 148, 242]],
      23: [27, [101, 179, 248]],
      24: [27, [88, 158, 216]],
      25: [27, [82, 152, 232]],
      26: [27, [74, 138, 226]],
      27: [27, [86, 134, 222]],
      28: [27, [93, 142, 236]],
      29: [27, [97, 118, 212]],
      30: [19, [480, 500, 540]],
    };
    const rates = (list: typeof streams) => new Set(list.filter((s) => s.browser === 'firefox').map((s) => s.file.settingHz));
    for (const [n, [count, newRates]] of Object.entries(later).map(([k, v]) => [Number(k), v] as const)) {
      const session = sessionOf(n);
      expect(session, `session ${n}`).toHaveLength(count);
      const before = rates(streams.filter((s) => (s.file.session ?? 1) < n));
      expect([...rates(session)].filter((hz) => !before.has(hz)).sort((a, b) => a - b), `session ${n}`).toEqual(newRates);
    }
    expect(streams).toHaveLength(866);
    for (let n = 2; n <= 30; n++) {
      for (const load of ['cpu', 'mem', 'paint', 'tab']) expect(sessionOf(n).some((s) => s.file.machineLoad === load), `session ${n} ${load}`).toBe(true);
    }
    // The split: sessions 8 to 30 are held out, all of them; sessions 1 to 7 are the tuning set.
    for (const s of streams) expect(s.half, s.name).toBe((s.file.session ?? 1) >= 8 ? 'held-out' : 'tuning');
    for (const s of streams) expect(s.half, s.name).toBe(splitHalf(s.file.session));
    // The failures, recorded again on the busier machine.
    expect(streams.map((s) => s.name)).toEqual(expect.arrayContaining(['chromium-saver-load-cpu', 'firefox-30-load-cpu', 'firefox-50-load-cpu', 'firefox-144-load-cpu']));
    for (const s of streams) expect(s.frames, s.name).toBe(2000);
  });

  it('session 3 was recorded on a busier machine than session 2 (docs/browsers.md: load average 9.4 to 30.9, median 17.9)', () => {
    const loads = (session: number) =>
      streams.filter((s) => s.file.session === session).flatMap((s) => [s.file.machine.loadAverage1mBefore, s.file.machine.loadAverage1mAfter]).sort((a, b) => a - b);
    const third = loads(3);
    expect([third[0], third[third.length >> 1], third[third.length - 1]].map((v) => v!.toFixed(1))).toEqual(['9.4', '17.9', '30.9']);
    expect(third[third.length >> 1]!).toBeGreaterThan(loads(2)[loads(2).length >> 1]!);
  });

  it.each(streams.filter((s) => s.browser === 'firefox').map((s) => s.name))('%s: the grid is the layout.frame_rate set (59 gives 58.99 Hz)', (name) => {
    const s = streams.find((x) => x.name === name)!;
    // One exception: at 480 Hz under CPU hogs the truth's own fit reads 471.7 Hz, 1.7 % low (its
    // verdicts are judged at the 480 set, as every Firefox stream's).
    if (name === 'firefox-480-cpu-s30') expect(s.rateHz.toFixed(1)).toBe('471.7');
    else expect(Math.abs(s.rateHz / s.file.settingHz - 1), name).toBeLessThan(0.005);
  });

  it('a Firefox verdict is judged at the rate set: the median fit at each setting is within 0.1 % of it, while 30 single fits stray more than 0.1 % from their siblings (docs/browsers.md)', () => {
    // As measured when the ruler was chosen: sessions 1 to 21 (the strays of sessions 22 to 30 are below).
    const all = streams.filter((s) => s.browser === 'firefox' && s.grid);
    const firefox = all.filter((s) => (s.file.session ?? 1) <= 21);
    expect(firefox).toHaveLength(461);
    const upperMedian = (values: number[]) => values.slice().sort((a, b) => a - b)[values.length >> 1]!;
    const atSetting = (hz: number) => firefox.filter((s) => s.file.settingHz === hz);
    for (const hz of new Set(firefox.map((s) => s.file.settingHz))) expect(Math.abs(upperMedian(atSetting(hz).map((s) => s.rateHz)) / hz - 1), `${hz} Hz`).toBeLessThan(0.001);
    // Each stream's fit against the median of the other streams of `pool` at its setting: those more than 0.1 % off, lowest first.
    const straysOf = (list: typeof all, pool: typeof all) =>
      list
        .map((s) => ({ s, off: s.rateHz / upperMedian(pool.filter((o) => o !== s && o.file.settingHz === s.file.settingHz).map((o) => o.rateHz)) - 1 }))
        .filter(({ off }) => Math.abs(off) > 0.001)
        .sort((a, b) => a.off - b.off);
    const strays = straysOf(firefox, firefox);
    expect(strays).toHaveLength(30);
    expect(strays.filter(({ off }) => off < 0)).toHaveLength(26);
    expect(strays.filter(({ off }) => Math.abs(off) > 0.002)).toHaveLength(10);
    expect(strays.filter(({ s }) => s.file.machineLoad === 'paint' || s.file.machineLoad === 'tab')).toHaveLength(25);
    expect(strays.slice(0, 3).map(({ s, off }) => `${s.name} ${(100 * off).toFixed(2)}`)).toEqual(['firefox-238-tab-s20 -0.43', 'firefox-215-tab-s16 -0.29', 'firefox-260-paint-s7 -0.27']);
    expect(strays.filter(({ s }) => s.file.session === 21).map(({ s, off }) => `${s.name} ${(100 * off).toFixed(2)}`)).toEqual(['firefox-265-paint-s21 -0.17']);
    // The streams of sessions 22 to 30 against every other stream at their setting.
    const later = straysOf(all.filter((s) => (s.file.session ?? 1) >= 22), all);
    expect(later.map(({ s, off }) => `${s.name} ${(100 * off).toFixed(2)}`)).toEqual(['firefox-480-cpu-s30 -1.77', 'firefox-242-load-cpu-s22 -0.26', 'firefox-500-cpu-s30 -0.26', 'firefox-236-mem-s28 -0.19', 'firefox-236-paint-s28 -0.14', 'firefox-265-paint-s22 -0.13', 'firefox-540-paint-s30 0.12']);
    for (const s of all) expect(s.expected.state === 'throttled' ? s.expected.throttledRate : s.expected.refreshRate, s.name).toBe(s.file.settingHz);
  });

  it('a documented limit: behind a tab at 260 Hz, re-phasing every few frames, the detector reads 258.4–258.7 Hz where a fit split as the loader splits reads 259.6–260.8 Hz', () => {
    const s = streams.find((x) => x.name === 'firefox-260-tab-s13')!;
    const detector = createRefreshRateDetector();
    const rates: number[] = [];
    for (let i = 0; i < s.frames; i++) {
      const e = detector.sample(s.timestampsMs[i]! + 1000);
      if (i >= 316 && i <= 1811 && e.state === 'synced') rates.push(e.refreshRate);
    }
    expect(rates.length).toBeGreaterThan(1400);
    expect([Math.min(...rates), Math.max(...rates)].map((r) => r.toFixed(1))).toEqual(['258.4', '258.7']);
    const split = [[227, 919], [920, 1411], [1412, 1999]].map(([a, b]) => (1000 / fitVblankGrid(s.timestampsMs.slice(a, b! + 1), 1000 / 260).intervalMs).toFixed(1));
    expect(split).toEqual(['260.8', '259.6', '260.1']);
  });

  it("rounding each frame's own delta at the fitted rate miscounts 16 of the 1,151,186 frames counted over the 611 streams with a grid of sessions 1–23, none over the flap bar (docs/browsers.md, plain frames)", () => {
    let wrong = 0;
    let counted = 0;
    let over = 0;
    const measured = streams.filter((s) => s.grid && (s.file.session ?? 1) <= 23);
    for (const s of measured) {
      let own = 0;
      let ownCounted = 0;
      for (let i = 1; i < s.frames; i++) {
        const v = s.vblanks[i]!;
        if (Number.isNaN(v) || v > OVERLOAD_VBLANKS) continue;
        ownCounted++;
        if (Math.max(1, Math.round(((s.timestampsMs[i]! - s.timestampsMs[i - 1]!) * s.rateHz) / 1000)) !== v) own++;
      }
      wrong += own;
      counted += ownCounted;
      if (own > MAX_FLAPS * ownCounted) over++;
    }
    expect({ streams: measured.length, wrong, counted, over }).toEqual({ streams: 611, wrong: 16, counted: 1_151_186, over: 0 });
  });

  it('a plain frame counts its whole number: frame 808 of firefox-280-tab-s11, 0.74 intervals after the one before, counts 1 (2 while the phase still lagged a re-phase)', () => {
    const s = streams.find((x) => x.name === 'firefox-280-tab-s11')!;
    expect(((s.timestampsMs[808]! - s.timestampsMs[807]!) * s.rateHz) / 1000).toBeCloseTo(0.74, 2);
    expect(s.vblanks[808]).toBe(1);
    for (const kind of ['smoothed', 'synced'] as const) {
      const replay = replayFrames({ timestampsMs: s.timestampsMs, vblanks: s.vblanks, refreshRate: s.rateHz, algorithm: { kind } });
      expect(replay.updates[808], kind).toBeCloseTo(1, 9);
    }
  });

  it("a tight fit on a fine clock owes at most two breaks' proof: Firefox at 240 Hz reads synced 240 from frame 164 beside a second tab (264 before) and from 258 under memory pressure (644 before)", () => {
    const firstSynced = (name: string) => {
      const s = streams.find((x) => x.name === name)!;
      const detector = createRefreshRateDetector();
      for (let i = 0; i < s.frames; i++) {
        const e = detector.sample(s.timestampsMs[i]! + 1000);
        if (e.state === 'synced' && Math.abs(e.refreshRate - 240) < 1) return i;
      }
      return -1;
    };
    expect([firstSynced('firefox-240-tab'), firstSynced('firefox-240-mem-s3')]).toEqual([164, 258]);
  });

  it('a loop with no frame-rate limit never reads synced above 400 Hz: the 31 Chromium streams without one (two read 400.2 and 540 Hz, at frames 8 and 41, when any grid up to 600 Hz was believed)', () => {
    const unlimited = streams.filter((s) => s.name.startsWith('chromium-unlimited'));
    const fast: string[] = [];
    for (const s of unlimited) {
      const detector = createRefreshRateDetector();
      for (let i = 0; i < s.frames; i++) {
        const e = detector.sample(s.timestampsMs[i]! + 1000);
        if (e.state === 'synced' && e.refreshRate > 400) {
          fast.push(`${s.name} frame ${i}: ${e.refreshRate.toFixed(1)}`);
          break;
        }
      }
    }
    expect({ streams: unlimited.length, fast }).toEqual({ streams: 31, fast: [] });
  });

  it('displays faster than 400 Hz (session 30, Firefox at 480, 500 and 540 Hz under every load): every synced reading is the rate set, within 0.5 %; where wrong, no grid is read', () => {
    const fast = streams.filter((s) => s.browser === 'firefox' && s.file.settingHz > 400);
    const readings = new Set<string>();
    for (const s of fast) {
      const detector = createRefreshRateDetector();
      for (let i = 0; i < s.frames; i++) {
        const e = detector.sample(s.timestampsMs[i]! + 1000);
        readings.add(e.state === 'synced' ? (Math.abs(e.refreshRate / s.file.settingHz - 1) <= 0.005 ? 'synced at the rate set' : `synced ${e.refreshRate}`) : e.state);
      }
    }
    expect(fast).toHaveLength(15);
    expect([...readings].sort()).toEqual(['measuring', 'synced at the rate set', 'unsynced', 'variable']);
  });

  it('a drift must show in half the intervals: behind a tab, three re-phases the same way within nine frames (frames 199–207 of firefox-134-tab-s28) leave it at 134 Hz, not 119.88', () => {
    const s = streams.find((x) => x.name === 'firefox-134-tab-s28')!;
    const detector = createRefreshRateDetector();
    const readings = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const e = detector.sample(s.timestampsMs[i]! + 1000);
      if (i >= 100) readings.add(`${e.state} ${Math.abs(e.refreshRate / 134 - 1) < 0.005 ? 134 : e.refreshRate.toFixed(2)}`);
    }
    expect([...readings]).toEqual(['synced 134']);
  });

  it('a stream recorded without vsync is judged as a 60 Hz grid when it keeps one: ten WebKitGTK streams, under CPU hogs or a second tab', () => {
    const kept = streams.filter((s) => !s.file.grid && s.grid);
    // Six found in sessions 1 to 9 (the rule was chosen on them), one each in held-out sessions 10, 15, 16 and 20.
    expect(kept.map((s) => s.name)).toEqual(['webkitgtk-cpu-s4', 'webkitgtk-cpu-s6', 'webkitgtk-cpu-s7', 'webkitgtk-cpu-s9', 'webkitgtk-cpu-s10', 'webkitgtk-cpu-s15', 'webkitgtk-cpu-s16', 'webkitgtk-cpu-s20', 'webkitgtk-tab-s5', 'webkitgtk-tab-s7']);
    // No stream sits near the bar (an eighth of the interval, 2.08 ms RMS), where the label would be
    // a guess, but those listed: the kept ones are under 0.9 of it, and a stream left gridless fits
    // no 60 Hz grid within 0.5 % or fits one at least twice the bar off (webkitgtk-cpu-s11: 6.21 ms).
    // Held-out session 12 brought webkitgtk-cpu-s12: 59.73 Hz, 2.55 ms RMS, 1.2 times the bar;
    // session 17 webkitgtk-cpu-s17: 60.20 Hz, 2.91 ms RMS, 1.4 times the bar; session 18
    // webkitgtk-cpu-s18: 60.17 Hz, 4.12 ms RMS, 1.98 times the bar. Session 20 brought the first
    // kept one near it: webkitgtk-cpu-s20, 60.07 Hz at 1.97 ms RMS, 0.95 of the bar.
    for (const s of kept) {
      expect(Math.abs(s.rateHz / 60 - 1), s.name).toBeLessThanOrEqual(0.005);
      expect(s.jitterRmsMs, s.name).toBeLessThan(s.intervalMs / 8);
      expect(s.expected, s.name).toEqual({ state: 'synced', refreshRate: s.rateHz, throttledRate: 0 });
    }
    expect(kept.filter((s) => s.jitterRmsMs >= (0.9 * s.intervalMs) / 8).map((s) => s.name)).toEqual(['webkitgtk-cpu-s20']);
    const near: string[] = [];
    for (const s of streams.filter((x) => !x.grid)) {
      const fit = deriveFrameFixture(s.name, { ...s.file, timestampsMs: s.timestampsMs } as unknown as FrameFixtureFile, 1000 / 60);
      if (!(Math.abs(fit.rateHz / 60 - 1) > 0.005 || fit.jitterRmsMs > (2 * fit.intervalMs) / 8)) near.push(s.name);
    }
    expect(near).toEqual(['webkitgtk-cpu-s12', 'webkitgtk-cpu-s17', 'webkitgtk-cpu-s18']);
  });

  it('streams without a grid are marked and have no vblanks; battery saver is throttled on its 60 Hz clock', () => {
    for (const s of streams.filter((x) => !x.grid)) {
      expect(s.expected.state).toBe('variable');
      expect(s.vblanks.every(Number.isNaN)).toBe(true);
    }
    const savers = streams.filter((x) => x.name.startsWith('chromium-saver'));
    for (const s of savers) {
      expect(s.expected).toMatchObject({ state: 'throttled' });
      expect(Math.abs(s.rateHz / 60 - 1)).toBeLessThan(0.001);
      // Two vblanks a frame, or a multiple (the page's own missed frames), with odd 3- and 5-vblank frames.
      const counts = s.vblanks.filter((v) => !Number.isNaN(v));
      expect(counts.filter((v) => v % 2 === 0).length / counts.length, s.name).toBeGreaterThan(0.95);
    }
    expect(savers.some((s) => s.vblanks.some((v) => v === 3))).toBe(true);
  });

  it('a re-phase frame is ambiguous (left out) exactly when its delta is more than a quarter interval from whole', () => {
    let ambiguous = 0;
    for (const s of streams.filter((x) => x.grid)) {
      for (const i of s.rephases) {
        const intervals = (s.timestampsMs[i]! - s.timestampsMs[i - 1]!) / s.intervalMs;
        const off = Math.abs(intervals - Math.round(intervals));
        if (s.offGrid[i] || s.offGrid[i - 1]) continue;
        expect(s.ambiguous[i], `${s.name} frame ${i}`).toBe(off > REPHASE_COUNTABLE);
        if (s.ambiguous[i]) ambiguous++;
        else expect(s.vblanks[i]).toBe(Math.max(1, Math.round(intervals)));
      }
    }
    expect(ambiguous).toBeGreaterThan(0);
  });
});

for (const half of ['tuning', 'held-out'] as const) {
  describe(`browser streams, the ${half} set: the detector holds its verdict and the algorithms count the vblanks`, () => {
    it.each(streams.filter((s) => s.half === half).map((s) => s.name))('%s', (name) => {
      const s = streams.find((x) => x.name === name)!;
      const figures = streamFigures(s);
      const shortfall = SHORTFALLS[name];
      expect(figures.verdict.first, name).toBeGreaterThanOrEqual(0);
      expect(figures.verdict.first, name).toBeLessThan(shortfall?.first ?? 100);
      expect(figures.verdict.share, `${name}: ${figures.verdict.final}`).toBeGreaterThanOrEqual(shortfall?.verdict ?? MIN_VERDICT);
      if (!s.grid) return;
      for (const kind of COUNTING_KINDS) {
        expect(flaps(s, kind).counted, kind).toBeGreaterThan(s.frames * (shortfall?.counted ?? 0.3));
        expect(Math.max(figures.flaps[kind], figures.flapsAtReported[kind]), `${name} ${kind}`).toBeLessThanOrEqual(shortfall?.flaps ?? MAX_FLAPS);
      }
      // A listed shortfall is a real one: the stream misses the bar (a `counted` floor alone is not a miss).
      expect(figures.meets, name).toBe(shortfall === undefined || Object.keys(shortfall).every((key) => key === 'counted'));
    });
  });
}

describe('the 60 Hz Chromium and Firefox fixtures (test/fixtures/frames) meet the same bar', () => {
  for (const f of loadFrameFixtures()) {
    it(`${f.name}: the detector is right on ≥ 99 % of frames after its first right verdict; each algorithm flaps on ≤ 0.2 %`, () => {
      const detector = createRefreshRateDetector();
      let first = -1;
      let right = 0;
      for (let i = 0; i < f.timestampsMs.length; i++) {
        const e = detector.sample(f.timestampsMs[i]! + 1000);
        // A hidden tab's 1–2 s frames are a throttled loop, rightly.
        const hidden = i > 0 && f.timestampsMs[i]! - f.timestampsMs[i - 1]! > FRAME_GAP_MS;
        const ok = hidden ? e.state === 'throttled' : e.state === 'synced' && Math.abs(e.refreshRate / f.rateHz - 1) <= 0.005;
        if (ok && first < 0) first = i;
        if (ok && first >= 0) right++;
      }
      expect(first).toBeGreaterThanOrEqual(0);
      expect(first).toBeLessThan(100);
      expect(right / (f.timestampsMs.length - first)).toBeGreaterThanOrEqual(MIN_VERDICT);
      for (const kind of COUNTING_KINDS) {
        const m = flaps(f, kind);
        expect(m.counted, kind).toBeGreaterThan(f.timestampsMs.length * 0.5);
        expect(m.ratio, kind).toBeLessThanOrEqual(MAX_FLAPS);
      }
    });
  }
});

describe('docs/browsers.md', () => {
  // After the per-stream tests, which compute (and memoize) every stream's figures: run first, this
  // test alone computed all 847 and took over 20 s on a busy machine.
  it("where the bar stands (docs/browsers.md): 236 of 253 tuning streams and 478 of 613 held out meet it, the detector right on 99.27 % and 98.23 % of frames after its first right verdict; by the final verdict and the flaps alone, 250 and 567", () => {
    const stand = (half: 'tuning' | 'held-out') => {
      const list = streams.filter((s) => s.half === half);
      let judged = 0;
      let right = 0;
      for (const s of list) {
        const { verdict } = streamFigures(s);
        const frames = verdict.first < 0 ? s.frames : s.frames - verdict.first;
        judged += frames;
        right += verdict.first < 0 ? 0 : verdict.share * frames;
      }
      const flapsWithin = (s: (typeof list)[number]) => !s.grid || COUNTING_KINDS.every((k) => Math.max(streamFigures(s).flaps[k], streamFigures(s).flapsAtReported[k]) <= MAX_FLAPS);
      return [list.length, list.filter((s) => streamFigures(s).meets).length, (100 * right / judged).toFixed(2), list.filter((s) => streamFigures(s).verdict.finalRight && flapsWithin(s)).length];
    };
    expect([stand('tuning'), stand('held-out')]).toEqual([
      [253, 236, '99.27', 250],
      [613, 478, '98.23', 567],
    ]);
  }, 120_000);

  it('its tables are the fixtures’ figures (UPDATE_DOCS=1 rewrites them)', () => {
    const before = (JSON.parse(readFileSync(new URL('../fixtures/browserStreamsBefore.json', import.meta.url), 'utf8')) as { streams: never }).streams;
    const tables = browserTables(streams, before);
    expect(shownTable(new URL('../../docs/browsers.md', import.meta.url), 'browser-tables', tables)).toBe(tables);
  }, 120_000);
});
