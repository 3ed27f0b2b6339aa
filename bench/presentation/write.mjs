#!/usr/bin/env node
// Runs only the presentation harness and writes its section into bench/RESULTS.md, leaving the
// rest of the page as the last `npm run bench` wrote it (the section says so). `npm run bench`
// runs the same harness as its section 5.
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { runPresentation } from './run.mjs';
import { presentationSection, withPresentationSection } from './report.mjs';

const results = new URL('../RESULTS.md', import.meta.url);
const loadBefore = os.loadavg()[0];
const presentation = await runPresentation({ log: (line) => console.log(line) });
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const section = presentationSection(presentation, {
  date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  commit,
  loadBefore,
  loadAfter: os.loadavg()[0],
});
writeFileSync(results, withPresentationSection(readFileSync(results, 'utf8'), section));
console.log(`\n${section}`);
console.log('wrote the presentation section of bench/RESULTS.md');
