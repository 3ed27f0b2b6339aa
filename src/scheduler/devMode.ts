/**
 * Development mode: where warnings about likely mistakes (unknown option names, conflicting
 * props, a clamped option) are printed. One rule for the whole package.
 */

// The package compiles without Node's types: say just enough about `process` for the check.
declare const process: { env: { NODE_ENV?: string } };

/**
 * True unless the build says production. `process.env.NODE_ENV` is written out literally so that
 * bundlers (Vite, webpack, esbuild) replace it; where nothing defines `process` (a browser page
 * without a bundler) the lookup throws and warnings stay off.
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}
