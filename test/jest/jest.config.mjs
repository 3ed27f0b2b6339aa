// Jest runs the README's fake-timer recipe against the BUILT package (dist/), the way a Jest user
// imports it: ESM, no transform (the test is plain JavaScript), jsdom. Run by scripts/test.mjs after
// the build, with `node --experimental-vm-modules` (Jest's ESM support).
export default {
  rootDir: '../..',
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/test/jest/**/*.test.mjs'],
  transform: {},
  moduleNameMapper: {
    '^react-timestep$': '<rootDir>/dist/index.js',
    '^react-timestep/(core|simulation|testing)$': '<rootDir>/dist/$1/index.js',
  },
};
