// Where the browsers test/browser/runInEngine.mjs drives are: Chromium (scripts/chromium.js, which
// Vitest uses too), Firefox ESR and WebKitGTK's MiniBrowser. FIREFOX_PATH / MINIBROWSER_PATH, when
// set, are the only places looked at (so a missing browser can be tried out).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.js';

const MINIBROWSERS = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
];

/** True when `command` is on the PATH. */
function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** 'chromium' | 'firefox' | 'webkit' → { path } or { missing: what is lacking and how to install it }. */
export function locateEngine(name) {
  if (name === 'chromium') {
    const path = findChromium();
    return path ? { path } : { missing: 'no Chromium (CHROMIUM_PATH, /usr/bin/chromium …): `apt-get install -y chromium`' };
  }
  if (name === 'firefox') {
    const candidates = process.env.FIREFOX_PATH ? [process.env.FIREFOX_PATH] : ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
    const path = candidates.find((p) => existsSync(p));
    return path ? { path } : { missing: `no Firefox (looked at ${candidates.join(', ')}): \`apt-get install -y firefox-esr\`` };
  }
  if (name === 'webkit') {
    const candidates = process.env.MINIBROWSER_PATH ? [process.env.MINIBROWSER_PATH] : MINIBROWSERS;
    const path = candidates.find((p) => existsSync(p));
    const lacking = [!path && `MiniBrowser (looked at ${candidates.join(', ')})`, !onPath('WebKitWebDriver') && 'WebKitWebDriver', !onPath('xvfb-run') && 'xvfb-run'].filter(Boolean);
    return lacking.length === 0 ? { path } : { missing: `no ${lacking.join(', ')}: \`apt-get install -y webkit2gtk-driver xvfb\`` };
  }
  throw new Error(`unknown engine '${name}' (chromium, firefox or webkit)`);
}
