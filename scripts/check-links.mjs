#!/usr/bin/env node
// Every internal link of the documentation resolves: in README.md and docs/*.md, each relative link
// must name a file or folder of the repository, and each #anchor a heading (GitHub's slugs) of the
// page it points at. External links (http:, mailto: …) are not fetched.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { anchorsOf, linksOf } from './lib/markdown.mjs';

const pages = ['README.md', ...readdirSync('docs').filter((name) => name.endsWith('.md')).sort().map((name) => join('docs', name))];
const anchorCache = new Map();
function anchors(file) {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
  return anchorCache.get(file);
}

const problems = [];
let checked = 0;
for (const page of pages) {
  for (const { target, line } of linksOf(readFileSync(page, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // external
    checked++;
    const hash = target.indexOf('#');
    const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    const file = path === '' ? page : normalize(join(dirname(page), path));
    if (relative('.', file).startsWith('..')) {
      problems.push(`${page}:${line}: ${target} leaves the repository`);
      continue;
    }
    if (!existsSync(file)) {
      problems.push(`${page}:${line}: ${target}: no file ${file}`);
      continue;
    }
    if (anchor === null || anchor === '') continue;
    if (statSync(file).isDirectory() || !file.endsWith('.md')) {
      problems.push(`${page}:${line}: ${target}: an anchor into ${file}, which is not a Markdown page`);
    } else if (!anchors(file).has(anchor)) {
      problems.push(`${page}:${line}: ${target}: ${file} has no heading with the anchor #${anchor}`);
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n✖ ${problems.length} broken internal links (${checked} checked in ${pages.length} pages)`);
  process.exit(1);
}
console.log(`links: ${checked} internal links in ${pages.length} pages resolve`);
