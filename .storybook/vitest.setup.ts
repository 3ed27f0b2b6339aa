// Story tests (addon-vitest, real Chromium). Since Storybook 10.3 the addon applies the preview
// annotations itself, so this file only adds what the stories' play functions cannot check alone:
// a story that logs console.error (a React warning, a failed plot, a thrown frame callback) fails,
// so does one that raises an uncaught error or an unhandled rejection on the page, and so does a
// story that shows "NaN" anywhere (a value not measured yet must read "–").
import { afterEach, beforeEach, expect, vi } from 'vitest';

// Play functions wait in animation frames, not milliseconds (stories/kit/play.ts): on a busy
// machine at 15 fps a story takes four times as long as at 60, and must still pass.
vi.setConfig({ testTimeout: 240_000 });

let logged: string[] = [];
const onError = (event: ErrorEvent) => logged.push(`uncaught: ${event.error instanceof Error ? (event.error.stack ?? event.error.message) : event.message}`);
const onRejection = (event: PromiseRejectionEvent) => logged.push(`unhandled rejection: ${String(event.reason)}`);

beforeEach(() => {
  logged = [];
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '));
    original(...args);
  });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  expect(logged, 'the story logged console.error or raised a page error').toEqual([]);
  // The story is still on the page here (it is torn down when the next one renders).
  const root = document.querySelector('[data-testid="story-root"]');
  expect(root, 'the story rendered inside the transport frame').not.toBeNull();
  expect(document.body.innerText, 'text on screen').not.toMatch(/\bNaN\b/);
});
