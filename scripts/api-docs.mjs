#!/usr/bin/env node
// docs/api.md is generated from the sources' TSDoc with the TypeScript compiler API: every export of
// every entry point, with its signature and the summary of its TSDoc (members of exported interfaces
// too). `node scripts/api-docs.mjs` (npm run docs:api) writes the file; `--check` (in `npm test`)
// fails when the committed file differs from what the sources give, so the reference never drifts.
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { githubSlug } from './lib/markdown.mjs';

const OUTPUT = 'docs/api.md';
/** Every entry point of package.json "exports", by its source (`./dist/x/index.d.ts` → `src/x/index.ts`). */
const entries = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync('package.json', 'utf8')).exports)
    .filter(([, target]) => typeof target === 'object' && target.types)
    .map(([entry, target]) => [entry === '.' ? 'react-timestep' : `react-timestep/${entry.slice(2)}`, target.types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')]),
);

const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram(Object.values(entries), config.options);
const checker = program.getTypeChecker();
const TYPE_FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope | ts.TypeFormatFlags.WriteArrowStyleSignature;

/** TSDoc text as Markdown: `{@link X}` becomes `X` in code, whitespace collapsed. */
function markdownOf(text) {
  return text
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)(?:[\s|]+([^}]*))?\}/g, (_, target, label) => (label ? `${label.trim()} (\`${target}\`)` : `\`${target}\``))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The summary of a symbol's TSDoc: its first paragraph. */
function summaryOf(symbol) {
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  const first = text.split(/\n\s*\n/)[0] ?? '';
  return markdownOf(first);
}

function isDeprecated(symbol) {
  return symbol.getJsDocTags(checker).some((tag) => tag.name === 'deprecated');
}

/** The source text of a node on one line, for type aliases and the like. */
function oneLine(node) {
  return node.getText().replace(/\s*\n\s*/g, ' ');
}

function kindAndSignature(name, symbol) {
  const declaration = symbol.declarations?.[0];
  if (symbol.flags & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
    const signatures = type.getCallSignatures().map((s) => `function ${name}${checker.signatureToString(s, declaration, TYPE_FLAGS & ~ts.TypeFormatFlags.WriteArrowStyleSignature)};`);
    const component = /^[A-Z]/.test(name);
    return { kind: component ? 'component' : 'function', code: signatures.join('\n') };
  }
  if (symbol.flags & ts.SymbolFlags.Variable) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
    const isComponent = /^[A-Z][a-z]/.test(name) && type.getCallSignatures().length > 0;
    return { kind: isComponent ? 'component' : 'constant', code: `const ${name}: ${checker.typeToString(type, declaration, TYPE_FLAGS)};` };
  }
  if (symbol.flags & ts.SymbolFlags.Class) return { kind: 'class', code: `class ${name}` };
  if (symbol.flags & ts.SymbolFlags.Interface) {
    const heritage = declaration.heritageClauses?.map(oneLine).join(' ');
    const params = declaration.typeParameters ? `<${declaration.typeParameters.map(oneLine).join(', ')}>` : '';
    return { kind: 'interface', code: `interface ${name}${params}${heritage ? ` ${heritage}` : ''}` };
  }
  if (symbol.flags & ts.SymbolFlags.TypeAlias) {
    return { kind: 'type', code: oneLine(declaration).replace(/^export\s+/, '') };
  }
  return { kind: 'export', code: name };
}

/** The members of an exported interface or object type declared in src/, in declaration order. */
function membersOf(symbol) {
  if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) return [];
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  if (symbol.flags & ts.SymbolFlags.TypeAlias && !(type.flags & ts.TypeFlags.Object)) return [];
  const rows = [];
  for (const member of type.getProperties()) {
    const declaration = member.declarations?.[0];
    if (!declaration || !declaration.getSourceFile().fileName.includes('/src/')) continue;
    const optional = member.flags & ts.SymbolFlags.Optional ? '?' : '';
    const memberType = checker.getTypeOfSymbolAtLocation(member, declaration);
    const readonly = ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly ? 'readonly ' : '';
    const isMethod = ts.isMethodSignature(declaration) || ts.isMethodDeclaration(declaration);
    // A property's type as written in the source (what the .d.ts shows, aliases kept); the checker's
    // text only when there is no annotation.
    const shown = isMethod
      ? memberType.getCallSignatures().map((s) => checker.signatureToString(s, declaration, TYPE_FLAGS & ~ts.TypeFormatFlags.WriteArrowStyleSignature)).join('; ')
      : `: ${declaration.type ? oneLine(declaration.type) : checker.typeToString(memberType, declaration, TYPE_FLAGS)}`;
    const summary = summaryOf(member);
    const deprecated = isDeprecated(member) ? ' **Deprecated.**' : '';
    rows.push(`- \`${readonly}${member.getName()}${optional}${shown.replace(/`/g, "'")}\`${summary ? ` — ${summary}` : ''}${deprecated}`);
  }
  return rows;
}

/** The entry's own @packageDocumentation comment, as Markdown. */
function packageDoc(file) {
  const text = readFileSync(file, 'utf8');
  const match = text.match(/^\/\*\*([\s\S]*?)\*\//);
  if (!match || !match[1].includes('@packageDocumentation')) return '';
  return match[1]
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .filter((line) => !line.includes('@packageDocumentation'))
    .join('\n')
    .replace(/\{@link\s+([^}\s]+)\s*\}/g, '`$1`')
    .trim();
}

const out = [
  '# API reference',
  '',
  '<!-- Generated by `npm run docs:api` (scripts/api-docs.mjs) from the TSDoc in src/. Do not edit by hand: `npm test` fails when this file is out of date. -->',
  '',
  'Every export of every entry point, with its signature and the first paragraph of its TSDoc. The full',
  'TSDoc ships in the `.d.ts` files (hover a name in your editor). A name exported by more than one entry',
  'point is described at its first entry and linked from the others. The [guide](README.md) shows them in use.',
  '',
];
const slugCounts = new Map();
function anchorFor(heading) {
  const base = githubSlug(heading);
  const count = slugCounts.get(base) ?? 0;
  slugCounts.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}
anchorFor('API reference');
anchorFor('Contents');

const sections = [];
const described = new Map(); // symbol → { entry, anchor }
for (const [entry, file] of Object.entries(entries)) {
  const source = program.getSourceFile(file);
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source));
  const lines = [];
  const sectionHeading = `\`${entry}\``;
  sections.push({ entry, anchor: anchorFor(sectionHeading) });
  lines.push(`## ${sectionHeading}`, '');
  const doc = packageDoc(file);
  if (doc) lines.push(doc, '');
  const seeAlso = [];
  const toc = [];
  sections.at(-1).toc = toc;
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const name = exported.getName();
    const earlier = described.get(symbol);
    if (earlier) {
      seeAlso.push(`[\`${name}\`](#${earlier.anchor})`);
      toc.push(`[\`${name}\`](#${earlier.anchor})`);
      continue;
    }
    const heading = `\`${name}\``;
    const anchor = anchorFor(heading);
    toc.push(`[\`${name}\`](#${anchor})`);
    described.set(symbol, { entry, anchor });
    const { kind, code } = kindAndSignature(name, symbol);
    lines.push(`### ${heading}`, '');
    lines.push(`*${kind}*${isDeprecated(symbol) ? ' · **deprecated**' : ''}`, '');
    lines.push('```ts', code, '```', '');
    const summary = summaryOf(symbol);
    if (summary) lines.push(summary, '');
    const members = membersOf(symbol);
    if (members.length > 0) lines.push(...members, '');
  }
  if (seeAlso.length > 0) lines.push(`Also exported here, described above: ${seeAlso.join(', ')}.`, '');
  sections.at(-1).lines = lines;
}

// The table of contents, grouped by entry point: every name it exports, linked.
out.push('## Contents', '');
for (const { entry, anchor, toc } of sections) out.push(`- [\`${entry}\`](#${anchor}): ${toc.join(', ')}`);
out.push('');
for (const { lines } of sections) out.push(...lines);
const text = `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(OUTPUT, 'utf8');
  } catch {
    // a missing file is out of date too
  }
  if (committed !== text) {
    console.error(`✖ ${OUTPUT} is out of date with the TSDoc in src/: run \`npm run docs:api\` and commit ${OUTPUT}`);
    process.exit(1);
  }
  console.log(`api: ${OUTPUT} is up to date (${described.size} exports)`);
} else {
  writeFileSync(OUTPUT, text);
  console.log(`api: wrote ${OUTPUT} (${described.size} exports, ${text.split('\n').length} lines)`);
}
