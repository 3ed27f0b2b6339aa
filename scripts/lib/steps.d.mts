// Types for steps.mjs (npm test's step runner), for its tests.
export interface Step {
  label: string;
  command: string[];
  needs?: string[];
  locks?: string[];
  frames?: boolean;
  env?: Record<string, string>;
  check?: (exitCode: number | string) => string | null;
}
export interface Sink {
  write(data: string | Uint8Array): unknown;
  isTTY?: boolean;
}
export function childCpuSeconds(): number;
export function machineBusySeconds(): number | null;
export function runSteps(
  steps: Step[],
  options: { jobs: number; frameJobs?: number; stdout?: Sink; stderr?: Sink },
): Promise<{ outcome: Map<string, 'passed' | 'failed' | 'skipped'>; failures: string[]; skipped: string[]; timings: string[] }>;
export function idleCores(ms: number, cores: number): Promise<number | null>;
export function chooseFrameJobs(options: { setting: string | undefined; idle: number | null; cores: number; browsers: number }): { frameJobs: number; why: string };
