// Runs wrangler offline: no metrics, no error reports, no Cloudflare account.
// Remote commands (deploy, `d1 ... --remote`, Time Travel) run with the same settings: each only
// keeps wrangler from reporting to Cloudflare, and CLOUDFLARE_CF_FETCH_ENABLED=false is read by
// Miniflare alone (local runs: it stops the download of the request.cf sample), never by the API calls.
import { spawn, type ChildProcess } from 'node:child_process';

export const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  DO_NOT_TRACK: '1',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  WRANGLER_LOG_PATH: '.wrangler/logs',
};

export const DEFAULT_STATE_DIR = '.wrangler/state';

function wranglerBin(): string {
  return new URL('../../node_modules/wrangler/bin/wrangler.js', import.meta.url).pathname;
}

/** Starts wrangler with the given arguments. */
export function spawnWrangler(
  args: string[],
  options: { quiet?: boolean; env?: Record<string, string> } = {},
): ChildProcess {
  return spawn(process.execPath, [wranglerBin(), ...args], {
    env: { ...process.env, ...OFFLINE_ENV, ...options.env },
    stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
}

/** Runs wrangler to completion; rejects with its output when it fails. */
export function runWrangler(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnWrangler(args, { quiet: true });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`wrangler ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** Runs wrangler and parses its JSON output (commands given --json). */
export function wranglerJson<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawnWrangler(args, { quiet: true });
    let output = '';
    let errors = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrangler ${args.join(' ')} failed (${code}):\n${errors}${output}`));
      try {
        resolve(JSON.parse(output) as T);
      } catch (error) {
        reject(error);
      }
    });
  });
}
