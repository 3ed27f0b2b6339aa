// Where to find a Chromium for the browser tests. Playwright's own browser downloads cannot be had
// on these machines, so we point it at the system one (Debian's `chromium`) or CHROMIUM_PATH.
import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
].filter(Boolean);

/** @returns {string | undefined} the first Chromium executable that exists */
export function findChromium() {
  return candidates.find((path) => existsSync(path));
}

/** Flags that keep Chromium quiet on a machine with no network beyond the package registries. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
