import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { findChromium, chromiumArgs } from './scripts/chromium.js';
import { reliabilityCommands } from './test/browser/commands.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Projects:
//   core     pure algorithms, simulation, the worker's stepping and npm test's step runner in plain Node (no DOM: proves they need none)
//   scheduler the frame loop, its features, the fixed clock and test/alloc/*.ts in plain Node, one module graph per file
//   react    test/worker/*.tsx, hooks, <GameCanvas>, testing helpers and devtools in happy-dom, React 19, in
//            one module graph and one DOM per worker (each file cleans up after itself: 200 s → 40 s)
//   react-isolated  the React tests that need a fresh page: the page-wide default scheduler's own
//            tests, the r3f and PixiJS adapters (their renderers keep module state) and the heap
//            measurements (test/alloc/*.tsx, useFixedRender.memory: 406 KB held in a shared page, bound 256)
//   react18, react18-isolated  the same two against React 18 (installed in test/react18 by scripts/test.mjs)
//   browser  real Chromium: test/browser/** (only when a Chromium is found); the stories themselves are
//            played in every engine by test/browser/runInEngine.mjs, from the built Storybook
const reactTests = ['test/worker/**/*.test.tsx', 'test/react/**/*.test.{ts,tsx}', 'test/canvas/**/*.test.{ts,tsx}', 'test/testing/**/*.test.{ts,tsx}', 'test/adapters/**/*.test.{ts,tsx}', 'test/devtools/**/*.test.{ts,tsx}', 'test/alloc/**/*.test.tsx'];
const isolatedReactTests = ['test/adapters/**/*.test.{ts,tsx}', 'test/alloc/**/*.test.tsx', 'test/react/useFixedRender.memory.test.tsx', 'test/react/hiddenTab.test.tsx', 'test/testing/isolation.test.tsx'];
// Node and happy-dom tests take at most a second or two alone (the 10,000-cycle churn tests give their
// own); at load 20 on 2 cores a 0.75 s property test ran past the default 5 s. A hang still fails.
const testTimeout = 20_000;
const reactSetup = { environment: 'happy-dom' as const, setupFiles: ['test/setup-react.ts'], testTimeout };
/** React 18 in place of React 19 (installed in test/react18). */
const react18Aliases = [
  // @testing-library/react's CommonJS build would require() React 19's react-dom past the alias.
  { find: /^@testing-library\/react$/, replacement: here('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js') },
  { find: /^react$/, replacement: here('./test/react18/node_modules/react/index.js') },
  { find: /^react\/(.*)$/, replacement: here('./test/react18/node_modules/react/$1') },
  { find: /^react-dom$/, replacement: here('./test/react18/node_modules/react-dom/index.js') },
  { find: /^react-dom\/(.*)$/, replacement: here('./test/react18/node_modules/react-dom/$1') },
];
const react18Setup = { ...reactSetup, server: { deps: { inline: [/@testing-library/] } } };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          testTimeout,
          // Pure code with no page-wide state: one module graph per worker instead of one per file
          // (core's CPU time 89 s → 60 s). The scheduler's tests keep isolation (their own project):
          // they install fake timers and the page-wide loop, module and global state that leaks
          // across files in one graph; so do the React projects.
          isolate: false,
          include: ['test/worker/**/*.test.ts', 'test/core/**/*.test.ts', 'test/simulation/**/*.test.ts', 'test/scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scheduler',
          environment: 'node',
          testTimeout,
          // The heap measurements of test/alloc/*.ts too: in a shared module graph what ran before
          // changes how V8 compiles the measured path (the manual source read 32–39 B a frame there, over its 32 B budget; under it alone).
          include: ['test/scheduler/**/*.test.ts', 'test/alloc/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: { name: 'react', include: reactTests, exclude: isolatedReactTests, isolate: false, ...reactSetup },
      },
      {
        plugins: [react()],
        test: { name: 'react-isolated', include: isolatedReactTests, isolate: true, ...reactSetup },
      },
      {
        plugins: [react()],
        resolve: { alias: react18Aliases },
        // A test whose effect throws must run it in withListenerErrorsReported (test/helpers/react.tsx):
        // else React 18 stays broken ("Should not already be working") for the page's later files.
        test: { name: 'react18', include: reactTests, exclude: isolatedReactTests, isolate: false, ...react18Setup },
      },
      {
        plugins: [react()],
        resolve: { alias: react18Aliases },
        test: { name: 'react18-isolated', include: isolatedReactTests, isolate: true, ...react18Setup },
      },
      ...browserProjects(),
    ],
  },
});

/** The real-browser project, present only when a Chromium executable is found (see scripts/chromium.js). */
function browserProjects() {
  const executablePath = findChromium();
  if (!executablePath) return [];
  // The tests wait on real animation frames: a page Chromium considers hidden or in the background
  // (another browser's window in front, a loaded machine) must not have its rAF throttled.
  const args = [
    ...chromiumArgs,
    '--disable-renderer-backgrounding',
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
  ];
  return [
    {
      plugins: [react()],
      test: {
        name: 'browser',
        include: ['test/browser/**/*.test.{ts,tsx}'],
        browser: {
          enabled: true,
          headless: true,
          provider: playwright({ launchOptions: { executablePath, args } }),
          instances: [{ browser: 'chromium' as const, name: 'browser (chromium)' }],
          // reliabilityCommands: pause, freeze and CPU-throttle the page over the DevTools protocol.
          commands: reliabilityCommands,
        },
      },
    },
  ];
}
