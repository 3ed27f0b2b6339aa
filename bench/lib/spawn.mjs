// Runs a benchmark child process and collects the JSON lines it prints.
import { spawn } from 'node:child_process';

/**
 * @param {string[]} args    node arguments (flags, script, script arguments)
 * @param {{ timeoutMs?: number, env?: Record<string, string> }} [options]
 * @returns {Promise<any[]>} the parsed JSON lines
 */
export function runNode(args, { timeoutMs = 120_000, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out: node ${args.join(' ')}`));
    }, timeoutMs);
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`node ${args.join(' ')} exited ${code}\n${err.slice(-2000)}`));
        return;
      }
      const lines = out.split('\n').filter((l) => l.startsWith('{'));
      resolve(lines.map((l) => JSON.parse(l)));
    });
  });
}
