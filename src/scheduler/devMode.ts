// The package compiles without Node's types: just enough about `process` for the check.
declare const process: { env: { NODE_ENV?: string } };

/** True unless the build says production; written literally so bundlers replace it (no `process`: false). */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}
