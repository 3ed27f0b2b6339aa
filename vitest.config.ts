import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { findChromium, chromiumArgs } from './scripts/chromium.js';
import { reliabilityCommands } from './test/browser/commands.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Projects:
//   core     pure algorithms, simulation, the worker's stepping, test/alloc/*.ts and npm test's step runner in plain Node (no DOM: proves they need none)
//   scheduler the frame loop, its features and the fixed clock in plain Node, one module graph per file
//   react    test/worker/*.tsx, hooks, <GameCanvas>, testing helpers, devtools and test/alloc/*.tsx in happy-dom, React 19
//   react18  the same React tests against React 18 (installed in test/react18 by scripts/test.mjs)
//   browser  real Chromium: stories (addon-vitest) and test/browser/** (only when a Chromium is found)
const reactTests = ['test/worker/**/*.test.tsx', 'test/react/**/*.test.{ts,tsx}', 'test/canvas/**/*.test.{ts,tsx}', 'test/testing/**/*.test.{ts,tsx}', 'test/adapters/**/*.test.{ts,tsx}', 'test/devtools/**/*.test.{ts,tsx}', 'test/alloc/**/*.test.tsx'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          // Pure code with no page-wide state: one module graph per worker instead of one per file
          // (core's CPU time 89 s → 60 s). The scheduler's tests keep isolation (their own project):
          // they install fake timers and the page-wide loop, module and global state that leaks
          // across files in one graph; so do the React projects.
          isolate: false,
          include: ['test/worker/**/*.test.ts', 'test/core/**/*.test.ts', 'test/simulation/**/*.test.ts', 'test/alloc/**/*.test.ts', 'test/scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scheduler',
          environment: 'node',
          include: ['test/scheduler/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'react',
          environment: 'happy-dom',
          include: reactTests,
          setupFiles: ['test/setup-react.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: {
          alias: [
            // @testing-library/react's CommonJS build would require() React 19's react-dom past the alias.
            { find: /^@testing-library\/react$/, replacement: here('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js') },
            { find: /^react$/, replacement: here('./test/react18/node_modules/react/index.js') },
            { find: /^react\/(.*)$/, replacement: here('./test/react18/node_modules/react/$1') },
            { find: /^react-dom$/, replacement: here('./test/react18/node_modules/react-dom/index.js') },
            { find: /^react-dom\/(.*)$/, replacement: here('./test/react18/node_modules/react-dom/$1') },
          ],
        },
        test: {
          name: 'react18',
          environment: 'happy-dom',
          include: reactTests,
          setupFiles: ['test/setup-react.ts'],
          server: { deps: { inline: [/@testing-library/] } },
        },
      },
      ...browserProjects(),
    ],
  },
});

/** Real-browser projects, present only when a Chromium executable is found (see scripts/chromium.js). */
function browserProjects() {
  const executablePath = findChromium();
  if (!executablePath) return [];
  // A fresh object per project: Vitest writes the instance name into it, and a shared one would give
  // both projects the same name ("Cannot define a nested project … already defined").
  // The stories and tests wait on real animation frames: a page Chromium considers hidden or in the
  // background (two projects' pages at once, a loaded machine) must not have its rAF throttled.
  const args = [
    ...chromiumArgs,
    '--disable-renderer-backgrounding',
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
  ];
  const browser = (name: string) => ({
    enabled: true,
    headless: true,
    provider: playwright({ launchOptions: { executablePath, args } }),
    instances: [{ browser: 'chromium' as const, name }],
  });
  return [
    {
      plugins: [storybookTest({ configDir: here('./.storybook') })],
      test: { name: 'storybook', browser: browser('storybook (chromium)'), setupFiles: ['.storybook/vitest.setup.ts'] },
    },
    {
      plugins: [react()],
      // reliabilityCommands: pause, freeze and CPU-throttle the page over the DevTools protocol.
      test: { name: 'browser', include: ['test/browser/**/*.test.{ts,tsx}'], browser: { ...browser('browser (chromium)'), commands: reliabilityCommands } },
    },
  ];
}
