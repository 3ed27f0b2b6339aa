/** The comparison matrix in docs/simulation.md is the output of the code, not a paste that drifts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMatrix, runMatrix } from '../../src/simulation/index.js';

describe('docs/simulation.md: the default comparison matrix', () => {
  it('is exactly formatMatrix(runMatrix())', () => {
    const readme = readFileSync(new URL('../../docs/simulation.md', import.meta.url), 'utf8');
    const start = readme.indexOf('<!-- matrix-table:start -->');
    const end = readme.indexOf('<!-- matrix-table:end -->');
    expect(start).toBeGreaterThan(0);
    const shown = readme.slice(start + '<!-- matrix-table:start -->'.length, end).trim();
    expect(shown).toBe(formatMatrix(runMatrix()).trim());
    // 3 s alone (with the VRR rows); 5.4 s when the unit tests run side by side.
  }, 15_000);
});
