// Story tests (addon-vitest, real Chromium). Since Storybook 10.3 the addon applies the preview
// annotations itself, so this file only adds what the stories' play functions cannot check alone:
// a story that logs console.error (a React warning, a failed plot, a thrown frame callback) fails.
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
});
