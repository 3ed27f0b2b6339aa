#!/usr/bin/env node
// The shape of src/ that a contributor relies on (DESIGN.md, "Plain code, fast anyway"), measured
// with the TypeScript parser: long functions, big closures, symbol-keyed entries, constant slot
// reads, imports into another folder's internals and long files. `--check` fails past the limits below;
// without it, it prints the report (the figures a release note quotes).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const LIMITS = {
  /** Lines of a file: one concern a reader can hold. */
  fileLines: 400,
  /** Lines of a function's own body (nested functions not counted). */
  ownLines: 80,
  /** Lines of a function with everything it nests. */
  closureLines: 150,
  /** `x[SOME_CONSTANT]` reads in all of src/. */
  slotReads: 30,
  symbolEntries: 0,
  internalImports: 0,
};
/** Folders of src/ whose files other folders may import only through `index.ts` or `internal.ts`. */
const SEAMS = new Set(['index', 'internal']);

// `--root DIR` measures another tree (the script's own test).
const rootAt = process.argv.indexOf('--root');
const root = rootAt > 0 ? process.argv[rootAt + 1] : 'src';
const files = walk(root).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
const lineCounts = [];
const report = { files: [], long: [], closures: [], slotReads: [], symbols: [], imports: [], validators: 0, validatorFiles: new Set() };
const VALIDATORS = /^(positiveNumber|nonNegativeNumber|finiteNumber|integerAtLeast|oneOf|booleanValue|optionsObject|optionalFunction|functionValue|timeScaleValue|checkOptions|checkValue)$/;

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  const folder = relative(root, file).split(sep)[0];
  const fileLines = text.trimEnd().split('\n').length;
  lineCounts.push(fileLines);
  if (fileLines > LIMITS.fileLines) report.files.push({ file, lines: fileLines });

  const visit = (node) => {
    if (isFunctionLike(node) && node.body) {
      const start = lineOf(node.body.getStart(source));
      const end = lineOf(node.body.getEnd());
      const total = end - start + 1;
      let nested = 0;
      const nestedIn = (child) => {
        if (isFunctionLike(child) && child.body) {
          nested += lineOf(child.body.getEnd()) - lineOf(child.body.getStart(source)) + 1;
          return;
        }
        ts.forEachChild(child, nestedIn);
      };
      ts.forEachChild(node.body, nestedIn);
      const own = total - nested;
      const name = functionName(node, source);
      const where = `${file}:${start + 1}`;
      if (own > LIMITS.ownLines) report.long.push({ where, name, lines: own });
      if (nested > 0 && total > LIMITS.closureLines) report.closures.push({ where, name, lines: total });
    }
    if (ts.isElementAccessExpression(node) && isConstantName(node.argumentExpression)) {
      report.slotReads.push(`${file}:${lineOf(node.getStart(source)) + 1} ${node.getText(source).slice(0, 60)}`);
    }
    if (ts.isComputedPropertyName(node) && isConstantName(node.expression)) {
      report.symbols.push(`${file}:${lineOf(node.getStart(source)) + 1} ${node.getText(source)}`);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && VALIDATORS.test(node.expression.text)) {
      report.validators++;
      report.validatorFiles.add(file);
    }
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = node.moduleSpecifier.text;
      const match = /^\.\.\/([^/]+)\/([^/]+?)(\.js)?$/.exec(target);
      if (match && match[1] !== folder && !SEAMS.has(match[2])) report.imports.push(`${file} → ${target}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const lines = [];
const say = (s) => lines.push(s);
say(`${root}/: ${files.length} files, the longest ${Math.max(...lineCounts)} lines`);
say(`files over ${LIMITS.fileLines} lines: ${report.files.length}`);
for (const f of report.files) say(`  ${f.lines}  ${f.file}`);
say(`functions over ${LIMITS.ownLines} lines of their own: ${report.long.length}`);
for (const f of report.long.sort((a, b) => b.lines - a.lines)) say(`  ${f.lines}  ${f.name}  ${f.where}`);
say(`closures over ${LIMITS.closureLines} lines with what they nest: ${report.closures.length}`);
for (const f of report.closures.sort((a, b) => b.lines - a.lines)) say(`  ${f.lines}  ${f.name}  ${f.where}`);
say(`symbol-keyed entries: ${report.symbols.length}`);
for (const s of report.symbols) say(`  ${s}`);
say(`constant slot reads: ${report.slotReads.length} (limit ${LIMITS.slotReads})`);
const byFile = new Map();
for (const s of report.slotReads) byFile.set(s.split(':')[0], (byFile.get(s.split(':')[0]) ?? 0) + 1);
for (const [f, n] of [...byFile].sort((a, b) => b[1] - a[1])) say(`  ${n}  ${f}`);
say(`imports into another folder's internals: ${report.imports.length}`);
for (const s of report.imports) say(`  ${s}`);
say(`validator calls: ${report.validators} in ${report.validatorFiles.size} files`);
console.log(lines.join('\n'));

if (process.argv.includes('--check')) {
  const failures = [];
  if (report.files.length > 0) failures.push(`${report.files.length} file(s) over ${LIMITS.fileLines} lines`);
  if (report.long.length > 0) failures.push(`${report.long.length} function(s) over ${LIMITS.ownLines} lines`);
  if (report.closures.length > 0) failures.push(`${report.closures.length} closure(s) over ${LIMITS.closureLines} lines`);
  if (report.symbols.length > LIMITS.symbolEntries) failures.push(`${report.symbols.length} symbol-keyed entries`);
  if (report.slotReads.length > LIMITS.slotReads) failures.push(`${report.slotReads.length} constant slot reads (limit ${LIMITS.slotReads})`);
  if (report.imports.length > LIMITS.internalImports) failures.push(`${report.imports.length} import(s) into another folder's internals (use its index.ts or internal.ts)`);
  if (failures.length > 0) {
    console.error(`\nstructure: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('\nstructure: within the limits');
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function isFunctionLike(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isConstructorDeclaration(node)
  );
}

/** SLOT_NAME, or Enum.MEMBER of a const enum: a slot of an array read by a named constant. */
function isConstantName(expr) {
  if (ts.isIdentifier(expr)) return /^[A-Z][A-Z0-9_]+$/.test(expr.text);
  if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression)) return /^[A-Z]/.test(expr.expression.text) && /^[A-Z][A-Za-z0-9_]*$/.test(expr.name.text) && !/^Symbol$/.test(expr.expression.text);
  return false;
}

function functionName(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 30)})`;
  return '(anonymous)';
}
