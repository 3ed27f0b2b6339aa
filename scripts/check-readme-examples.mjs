#!/usr/bin/env node
// The README's examples compile: every ```ts / ```tsx block that imports from the package (a whole
// module, not a fragment) is written out with its imports pointed at src/ and typechecked with the
// project's compiler options. A README example that drifts from the API fails `npm test`.
import ts from 'typescript';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const outDir = resolve('node_modules/.cache/readme-examples');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const entries = {
  'react-timestep': 'src/index.ts',
  'react-timestep/core': 'src/core/index.ts',
  'react-timestep/simulation': 'src/simulation/index.ts',
  'react-timestep/testing': 'src/testing/index.ts',
  'react-timestep/r3f': 'src/r3f/index.ts',
  'react-timestep/pixi': 'src/pixi/index.ts',
};
const readme = readFileSync('README.md', 'utf8');
const files = [];
const lines = new Map();
for (const match of readme.matchAll(/```(tsx?)\n([\s\S]*?)```/g)) {
  const [, lang, code] = match;
  if (!/from 'react-timestep(\/\w+)?'/.test(code)) continue; // a fragment, not a module
  const source = code.replace(/from 'react-timestep(\/\w+)?'/g, (_, sub) => `from '${resolve(entries[`react-timestep${sub ?? ''}`]).replace(/\.ts$/, '.js')}'`);
  const file = join(outDir, `example-${files.length + 1}.${lang}`);
  // Examples may import the app's own components ('./Ball'): each gets a stub module.
  for (const [, name, path] of source.matchAll(/import \{ (\w+) \} from '(\.\/\w+)'/g)) {
    writeFileSync(join(outDir, `${path.slice(2)}.tsx`), `export function ${name}(): null {\n  return null;\n}\n`);
  }
  writeFileSync(file, `export {};\n${source}`);
  files.push(file);
  lines.set(file, readme.slice(0, match.index).split('\n').length + 1);
}

const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram(files, { ...config.options, noEmit: true, noUnusedLocals: false });
const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.file && files.includes(resolve(d.file.fileName)));
if (diagnostics.length > 0) {
  for (const d of diagnostics) {
    const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    const readmeLine = lines.get(resolve(d.file.fileName)) + line - 1;
    console.error(`README.md:${readmeLine}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  }
  console.error(`\n✖ ${diagnostics.length} type errors in README examples`);
  process.exit(1);
}
console.log(`readme: ${files.length} examples that import the package typecheck`);
