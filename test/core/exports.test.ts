// How many names each package entry exports (values and types, counted once per name), read by the
// TypeScript compiler from the sources the entries are built from. Fewer is better: a type is
// exported only when users write it out. Limits: issue "0.2: one obvious way".
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT_LIMIT = 45;
const TOTAL_LIMIT = 130;
/** Room kept for the devtools entry (about six names) while it does not exist yet. */
const DEVTOOLS_ROOM = 6;

/** Entry → its source file, from package.json "exports" (`./dist/x/index.d.ts` → `src/x/index.ts`). */
function entries(): Map<string, string> {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, string | { types?: string }> };
  const out = new Map<string, string>();
  for (const [entry, target] of Object.entries(pkg.exports)) {
    const types = typeof target === 'string' ? undefined : target.types;
    if (types === undefined) continue;
    out.set(entry === '.' ? 'react-timestep' : `react-timestep/${entry.slice(2)}`, types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts'));
  }
  return out;
}

/** The names each entry exports, by the type checker (re-exports and `export *` followed). */
function exportedNames(files: Map<string, string>): Map<string, string[]> {
  const program = ts.createProgram([...files.values()], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const out = new Map<string, string[]>();
  for (const [entry, file] of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${entry}: ${file} not found`);
    const module = checker.getSymbolAtLocation(source);
    out.set(entry, module ? checker.getExportsOfModule(module).map((s) => s.getName()).sort() : []);
  }
  return out;
}

describe('package exports', () => {
  const names = exportedNames(entries());
  const distinct = new Set([...names.values()].flat());
  const counts = Object.fromEntries([...names].map(([entry, list]) => [entry, list.length]));
  console.log(`exports per entry: ${JSON.stringify(counts)}; distinct over all entries: ${distinct.size}`);

  it('reads every entry of package.json, the React one included', () => {
    expect(names.has('react-timestep')).toBe(true);
    expect(names.get('react-timestep')).toContain('useFrame');
    expect(names.get('react-timestep/testing')).toContain('createManualFrameSource');
  });

  it(`the root entry exports at most ${ROOT_LIMIT} names`, () => {
    expect(names.get('react-timestep')!.length).toBeLessThanOrEqual(ROOT_LIMIT);
  });

  it(`all entries together export at most ${TOTAL_LIMIT} distinct names, leaving room for the devtools entry`, () => {
    const room = names.has('react-timestep/devtools') ? 0 : DEVTOOLS_ROOM;
    expect(distinct.size).toBeLessThanOrEqual(TOTAL_LIMIT - room);
  });

  it('one scheduler factory, one manual frame source, no installers', () => {
    for (const gone of ['createFrameLoop', 'createManualSource', 'installRefreshDetection', 'installAdaptiveFramerate', 'installFrameRateCap', 'installNamedOrdering', 'frameRateCapDivisor']) {
      expect(distinct.has(gone), gone).toBe(false);
    }
    expect([...names].filter(([, list]) => list.includes('createManualFrameSource')).map(([entry]) => entry)).toEqual(['react-timestep/testing']);
  });
});
