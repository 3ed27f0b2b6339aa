// A W3C WebDriver client over plain HTTP (fetch), enough to drive WebKitGTK's MiniBrowser through
// WebKitWebDriver under a virtual X server: start the driver, open a session, navigate, run a
// script, close. Neither puppeteer-core nor playwright-core speaks to WebKitGTK here, and the five
// endpoints below are smaller than another dependency.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
/* global fetch */

/** A free TCP port on 127.0.0.1 (the driver is told which port to listen on). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Start `driver` (argv, the port appended as `--port=N`; `env` added to its environment) in its own
 * process group, open a session
 * with `capabilities` and return { call, sessionId, capabilities, quit }. `call(method, path, body)`
 * is relative to the session. The driver takes a moment to listen: the session is retried for up
 * to `startTimeoutMs`.
 */
export async function startSession(driver, capabilities, { startTimeoutMs = 60_000, env = {} } = {}) {
  const port = await freePort();
  const child = spawn(driver[0], [...driver.slice(1), `--port=${port}`], { stdio: 'ignore', detached: true, env: { ...process.env, ...env } });
  const base = `http://127.0.0.1:${port}`;
  const request = async (method, path, body) => {
    const response = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
    const json = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.message ?? JSON.stringify(json)}`);
    return json.value;
  };
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM'); // the group: xvfb-run, Xvfb, the driver and the browser
    } catch {
      /* already gone */
    }
  };
  // However this process ends (a failure, Ctrl-C, a timeout's SIGTERM), no browser is left behind.
  process.once('exit', stop);
  const deadline = Date.now() + startTimeoutMs;
  let session;
  while (!session) {
    try {
      session = await request('POST', '/session', { capabilities: { alwaysMatch: capabilities } });
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        stop();
        throw new Error(`could not open a WebDriver session with ${driver.join(' ')}: ${error.message}`, { cause: error });
      }
      await sleep(250);
    }
  }
  const { sessionId } = session;
  return {
    sessionId,
    capabilities: session.capabilities,
    call: (method, path, body) => request(method, `/session/${sessionId}${path}`, body),
    async quit() {
      await request('DELETE', `/session/${sessionId}`).catch(() => {});
      stop();
    },
  };
}
