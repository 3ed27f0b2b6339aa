// Functions that run IN the page, sent as source by runInEngine.mjs (so each is self-contained).
/* global getComputedStyle, navigator, PointerEvent */

/**
 * Put into storybook-static's iframe.html, ahead of Storybook's own scripts: collects every page
 * error, unhandled rejection and console.error, and the story's outcome from Storybook's channel
 * (the events its own test runner listens to). WebDriver classic has no page-error events, so
 * both engines read them from here.
 */
export function installStoryWatch() {
  const watch = { errors: [], status: null };
  window.__storyWatch = watch;
  // WebKit's stack holds only the frames: the message goes first.
  const text = (x) => (x && x.message ? `${x.message}${x.stack ? ` (${String(x.stack).split('\n')[0]})` : ''}` : String((x && x.stack) || x));
  window.addEventListener('error', (event) => watch.errors.push(`page error: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) => watch.errors.push(`unhandled rejection: ${text(event.reason)}`));
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    watch.errors.push(`console.error: ${args.map(text).join(' ')}`);
    consoleError(...args);
  };
  const subscribed = new WeakSet();
  let channel = null;
  // Storybook assigns the channel to this global before it renders: subscribe at that moment.
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(next) {
      channel = next;
      if (!next || subscribed.has(next)) return;
      subscribed.add(next);
      next.on('storyFinished', (event) => (watch.status = event.status));
      next.on('playFunctionThrewException', (error) => watch.errors.push(`play function: ${error.message}`));
      next.on('storyThrewException', (error) => watch.errors.push(`story threw: ${error.message}`));
      next.on('storyErrored', (error) => watch.errors.push(`story errored: ${error.title} ${error.description}`));
      next.on('storyMissing', (id) => watch.errors.push(`story missing: ${id}`));
      next.on('unhandledErrorsWhilePlaying', (errors) => errors.forEach((error) => watch.errors.push(`while playing: ${error.message}`)));
    },
  });
}

/**
 * Shows another story in the open iframe.html the way Storybook's manager does when a user picks one
 * in the sidebar (`setCurrentStory` on its channel): the page stays, the story before unmounts, and
 * the watch starts over for the next.
 */
export function switchStory(storyId) {
  const watch = window.__storyWatch;
  watch.status = null;
  watch.errors.length = 0;
  window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
}

/**
 * Waits until Storybook says the story finished (rendered, its play function run), fingerprints
 * the picture (text and every canvas's pixels), waits `frames` animation frames and fingerprints
 * again. Frames, not time: it holds at any frame rate; `timeoutMs` only stops a page that hangs.
 * Also says whether the story sits in the stories' transport frame and whether "NaN" shows.
 */
export async function playThrough({ frames, timeoutMs }) {
  const watch = window.__storyWatch;
  const startedMs = performance.now();
  const late = () => performance.now() - startedMs > timeoutMs;
  await new Promise((resolve) => {
    const poll = () => (watch.status !== null || late() ? resolve() : setTimeout(poll, 50));
    poll();
  });
  const root = document.getElementById('storybook-root');
  const picture = () => {
    let hash = 0;
    const text = root ? root.innerText : '';
    for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
    for (const canvas of root ? root.querySelectorAll('canvas') : []) {
      if (canvas.width === 0 || canvas.height === 0 || getComputedStyle(canvas).display === 'none') continue;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d');
      ctx.drawImage(canvas, 0, 0);
      const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
      for (let i = 0; i < data.length; i += 4) hash = (hash * 31 + data[i] + data[i + 1] * 3 + data[i + 2] * 7) | 0;
    }
    return hash;
  };
  const before = picture();
  let seen = 0;
  await new Promise((resolve) => {
    const tick = () => ((seen += 1) >= frames || late() ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
  return {
    status: watch.status,
    errors: watch.errors,
    rendered: (root?.childElementCount ?? 0) > 0 && !document.body.classList.contains('sb-show-errordisplay'),
    frames: seen,
    changed: picture() !== before,
    framed: document.querySelector('[data-testid="story-root"]') !== null,
    nan: /\bNaN\b/.test(document.body.innerText),
  };
}

/** The real-frame-loop page (realFrameLoop.page.tsx) publishes window.__results; wait for it. */
export async function frameLoopResults({ timeoutMs }) {
  const startedMs = performance.now();
  await new Promise((resolve) => {
    const poll = () => (window.__results?.done === true || performance.now() - startedMs > timeoutMs ? resolve() : setTimeout(poll, 100));
    poll();
  });
  return window.__results ?? null;
}

/** What docs/browsers.md says engines differ in: the page's language and a pointer's coordinates. */
export function engineFacts() {
  let intlError = null;
  try {
    new Intl.NumberFormat(navigator.language);
  } catch (error) {
    intlError = error.name;
  }
  return { language: navigator.language, intlError, pointerClientX: new PointerEvent('pointermove', { clientX: 10.7 }).clientX };
}
