#!/usr/bin/env node
// The documentation's examples compile: every ```ts / ```tsx block in README.md and docs/*.md that
// imports from the package (a whole module, not a fragment) is written out with its imports pointed
// at src/ and typechecked with the project's compiler options. An example that drifts from the API
// fails `npm test`, naming the page and line.
import ts from 'typescript';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  'react-timestep/devtools': 'src/devtools/index.ts',
  'react-timestep/worker': 'src/worker/index.ts',
};
// The generated API reference shows signatures, not modules: it has nothing to compile.
const pages = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md') && f !== 'api.md').sort().map((f) => `docs/${f}`)];
const files = [];
const lines = new Map();
for (const page of pages) {
  const markdown = readFileSync(page, 'utf8');
  for (const match of markdown.matchAll(/```(tsx?)\n([\s\S]*?)```/g)) {
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
    lines.set(file, { page, line: markdown.slice(0, match.index).split('\n').length + 1 });
  }
}

const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram(files, { ...config.options, noEmit: true, noUnusedLocals: false });
const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.file && files.includes(resolve(d.file.fileName)));
if (diagnostics.length > 0) {
  for (const d of diagnostics) {
    const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    const where = lines.get(resolve(d.file.fileName));
    console.error(`${where.page}:${where.line + line - 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  }
  console.error(`\n✖ ${diagnostics.length} type errors in the examples of README.md and docs/*.md`);
  process.exit(1);
}
console.log(`examples: ${files.length} examples that import the package typecheck (README.md and ${pages.length - 1} docs pages)`);
