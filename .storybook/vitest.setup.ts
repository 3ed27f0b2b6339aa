// Story tests (addon-vitest, real Chromium). Since Storybook 10.3 the addon applies the preview
// annotations itself, so this file only adds what the stories' play functions cannot check alone:
// a story that logs console.error (a React warning, a failed plot, a thrown frame callback) fails,
// and so does a story that shows "NaN" anywhere (a value not measured yet must read "–").
import { afterEach, beforeEach, expect, vi } from 'vitest';

let logged: string[] = [];

beforeEach(() => {
  logged = [];
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args.map((arg) => (arg instanceof Error ? arg.stack ?? arg.message : String(arg))).join(' '));
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(logged, 'the story logged console.error').toEqual([]);
  // The story is still on the page here (it is torn down when the next one renders).
  const root = document.querySelector('[data-testid="story-root"]');
  expect(root, 'the story rendered inside the transport frame').not.toBeNull();
  expect(document.body.innerText, 'text on screen').not.toMatch(/\bNaN\b/);
});
