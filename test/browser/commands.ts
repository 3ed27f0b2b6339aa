// Custom vitest browser commands for the reliability test: they run in Node, next to Playwright,
// and drive the page from outside over the Chrome DevTools Protocol. From inside the page a test
// cannot pause or freeze itself and come back: the command does it and answers when the page
// runs again.
import type { BrowserCommand } from 'vitest/node';

interface CdpSession {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
}
interface PlaywrightContext {
  page: { context(): { newCDPSession(page: unknown): Promise<CdpSession> } };
}

// One session per page, kept open: Chromium undoes an emulation (CPU throttling) when the session
// that set it detaches.
const sessions = new WeakMap<object, Promise<CdpSession>>();

async function withSession<T>(context: unknown, run: (session: CdpSession) => Promise<T>): Promise<T> {
  const { page } = context as PlaywrightContext;
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return run(await session);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pause the page's JavaScript in the debugger (as at a breakpoint) for `ms`, then resume it. */
export const debuggerPause: BrowserCommand<[ms: number]> = (context, ms) =>
  withSession(context, async (session) => {
    await session.send('Debugger.enable');
    await session.send('Debugger.pause');
    await sleep(ms);
    await session.send('Debugger.resume');
    await session.send('Debugger.disable');
  });

/** Slow the page's CPU down `rate` times (1 = off), as DevTools' CPU throttling does. */
export const cpuThrottle: BrowserCommand<[rate: number]> = (context, rate) =>
  withSession(context, async (session) => {
    await session.send('Emulation.setCPUThrottlingRate', { rate });
  });

/** JavaScript heap in use after a full garbage collection, bytes. */
export const heapAfterGc: BrowserCommand<[]> = (context) =>
  withSession(context, async (session) => {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
    await session.send('HeapProfiler.disable');
    return usage.usedSize;
  });

/** Every command, as vitest's `browser.commands` takes them. */
export const reliabilityCommands = { debuggerPause, cpuThrottle, heapAfterGc };

declare module 'vitest/browser' {
  interface BrowserCommands {
    debuggerPause: (ms: number) => Promise<void>;
    cpuThrottle: (rate: number) => Promise<void>;
    heapAfterGc: () => Promise<number>;
  }
}
