// The machine a run happened on, for the header of RESULTS.md.
import os from 'node:os';
import { readFileSync } from 'node:fs';

/** Versions of a package from node_modules, or '?' */
export function packageVersion(name) {
  try {
    const url = new URL(`../../node_modules/${name}/package.json`, import.meta.url);
    return JSON.parse(readFileSync(url, 'utf8')).version;
  } catch {
    return '?';
  }
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}
