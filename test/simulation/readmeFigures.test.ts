/**
 * The "Where we differ from the articles" table (docs/differences.md) is measured, not typed: this test
 * replays every committed browser stream and a sweep of simulated displays through the articles'
 * arithmetic and through our defaults, and requires the page to show exactly these figures.
 * On a mismatch the message holds the table to paste.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createVsyncStream, replayFrames } from '../../src/simulation/index.js';
import type { ReplayAlgorithm } from '../../src/simulation/index.js';
import { loadFrameFixtures } from '../fixtures/frames.js';

const OVERLOAD_VBLANKS = 5;
const RATES = [50, 59.94, 60, 60.154, 75, 90, 120, 144, 165, 240];
type Kind = 'synced' | 'smoothed' | 'fixed';
const KINDS: readonly Kind[] = ['synced', 'smoothed', 'fixed'];

function algorithm(kind: Kind, rate: number, robust: boolean): ReplayAlgorithm {
  if (kind === 'fixed') return { kind, options: robust ? { step: 1 / rate, refreshRate: rate } : { step: 1 / rate } };
  if (kind === 'synced') return { kind, options: { rounding: robust ? 'nearest' : 'down' } };
  return { kind, options: { rounding: robust ? 'nearest' : 'up' } };
}

const count = (n: number) => n.toLocaleString('en-US');
const percent = (x: number) => (x === 0 ? '0 %' : `${(100 * x).toFixed(x < 0.001 ? 2 : 1)} %`);

function fixtureRow(name: string, timestampsMs: readonly number[], vblanks: readonly number[], rate: number): string {
  const cells: string[] = [];
  let counted = 0;
  for (const kind of KINDS) {
    const run = (robust: boolean) =>
      replayFrames({ timestampsMs, vblanks, refreshRate: rate, algorithm: algorithm(kind, rate, robust), overloadVblanks: OVERLOAD_VBLANKS }).metrics;
    const before = run(false);
    const after = run(true);
    counted = after.flapsCounted;
    cells.push(`${count(before.flaps)} → ${count(after.flaps)}`);
  }
  return `| ${name} | ${count(counted)} | ${cells.join(' | ')} |`;
}

function simulatedRow(quantizationMs: number): string {
  const cells: string[] = [];
  let counted = 0;
  for (const kind of KINDS) {
    let worstBefore = 0;
    let bestBefore = 1;
    let worstAfter = 0;
    counted = 0;
    for (const rate of RATES) {
      let before = 0;
      let after = 0;
      let n = 0;
      for (let seed = 1; seed <= 3; seed += 1) {
        const stream = createVsyncStream({ refreshRate: rate, frames: 1000, quantizationMs, jitterMs: 1, dropChance: 0.03, seed });
        const run = (robust: boolean) =>
          replayFrames({ ...stream, refreshRate: rate, algorithm: algorithm(kind, rate, robust), overloadVblanks: OVERLOAD_VBLANKS }).metrics;
        before += run(false).flaps;
        const m = run(true);
        after += m.flaps;
        n += m.flapsCounted;
      }
      counted += n;
      worstBefore = Math.max(worstBefore, before / n);
      bestBefore = Math.min(bestBefore, before / n);
      worstAfter = Math.max(worstAfter, after / n);
    }
    cells.push(`${percent(bestBefore)}–${percent(worstBefore)} → ${worstAfter === 0 ? '0 %' : `≤ ${percent(worstAfter)}`}`);
  }
  return `| simulated, ${RATES.length} rates, ${quantizationMs} ms steps, ±1 ms jitter, 3 % drops | ${count(counted)} | ${cells.join(' | ')} |`;
}

export function differTable(): string {
  const rows = [
    '| frame stream | frames counted | synced slicer: article → default | delta smoother: article → default | fixed step at the display rate: raw → snapped |',
    '|---|---|---|---|---|',
  ];
  for (const f of loadFrameFixtures()) rows.push(fixtureRow(`\`${f.name}\``, f.timestampsMs, f.vblanks, f.rateHz));
  for (const q of [0.1, 1]) rows.push(simulatedRow(q));
  return rows.join('\n');
}

describe('docs/differences.md: where we differ from the articles', () => {
  it('shows the measured flap counts (frames whose update count is not the vblanks elapsed)', () => {
    const readme = readFileSync(new URL('../../docs/differences.md', import.meta.url), 'utf8');
    const start = readme.indexOf('<!-- differ-table:start -->');
    const end = readme.indexOf('<!-- differ-table:end -->');
    expect(start).toBeGreaterThan(0);
    const shown = readme.slice(start + '<!-- differ-table:start -->'.length, end).trim();
    const table = differTable();
    expect(shown, `paste this table into docs/differences.md:\n${table}\n`).toBe(table);
  });
});
