// Where a data load writes: the local D1 under a state directory (Miniflare, as `npm start` and
// the tests use it), or the D1 of a deployed environment (`--remote -e production|staging`).
// The loaders (data:catalog, data:vin --load, data:postal --load) build their wrangler
// arguments here, so a local load runs exactly the commands it always ran.
import { setTimeout as sleep } from 'node:timers/promises';
import { runWrangler, wranglerJson } from './wrangler.ts';

/** The wrangler environments that are deploy targets (wrangler.toml's [env.production] and [env.staging]). */
export const DEPLOY_ENVS = ['production', 'staging'] as const;
export type DeployEnv = (typeof DEPLOY_ENVS)[number];

/** The local D1 at `stateDir`, or a deployed environment's D1. */
export type D1Target = { stateDir: string } | { env: DeployEnv };

/** The command-line options a loader reads its target from (parseArgs values). */
export interface TargetOptions {
  remote?: boolean;
  env?: string;
  'persist-to'?: string;
}

/** The target-choosing options for a loader's parseArgs (`--persist-to` keeps no default: it is checked here). */
export const TARGET_OPTIONS = {
  remote: { type: 'boolean' },
  env: { type: 'string', short: 'e' },
  'persist-to': { type: 'string' },
} as const;

/** The usage text of the target options. */
export const TARGET_USAGE = '[--persist-to DIR | --remote -e production|staging]';

/** Whether the text names a deploy environment. */
export function isDeployEnv(text: string | undefined): text is DeployEnv {
  return DEPLOY_ENVS.includes(text as DeployEnv);
}

/** The target the options name; throws a usage error for a wrong combination. */
export function parseTarget(values: TargetOptions, defaultStateDir: string): D1Target {
  if (values.remote) {
    if (values['persist-to'] !== undefined) throw new Error('--persist-to is for local loads; --remote takes -e ENV');
    if (values.env === undefined) throw new Error(`--remote needs -e ${DEPLOY_ENVS.join('|')}`);
    if (!isDeployEnv(values.env))
      throw new Error(`-e must be ${DEPLOY_ENVS.join(' or ')}, got "${values.env}" (local loads take --persist-to)`);
    return { env: values.env };
  }
  if (values.env !== undefined) throw new Error('-e names a deployed environment: add --remote');
  if (values['persist-to'] === '') throw new Error('--persist-to needs a directory');
  return { stateDir: values['persist-to'] ?? defaultStateDir };
}

/** Whether the target is a deployed environment's D1. */
export function isRemote(target: D1Target): target is { env: DeployEnv } {
  return 'env' in target;
}

/** How messages name the target: the state directory, or the environment's D1. */
export function targetName(target: D1Target): string {
  return isRemote(target) ? `the ${target.env} D1 (remote)` : target.stateDir;
}

/** `--local --persist-to DIR` or `--remote -e ENV`: where a `wrangler d1` command acts. */
function where(target: D1Target): string[] {
  return isRemote(target) ? ['--remote', '-e', target.env] : ['--local', '--persist-to', target.stateDir];
}

/** The wrangler arguments that run a SQL file against the target (each file one execution). */
export function d1FileArgs(target: D1Target, file: string): string[] {
  // Remotely, --json makes wrangler answer D1's count of the rows written (the progress lines).
  const json = isRemote(target) ? ['--json'] : [];
  return ['d1', 'execute', 'DB', ...where(target), '--yes', ...json, '--file', file];
}

/** The wrangler arguments that run one query against the target and answer JSON. */
export function d1QueryArgs(target: D1Target, sql: string): string[] {
  return ['d1', 'execute', 'DB', ...where(target), '--json', '--command', sql];
}

/** How long a query waits, in all, while a running local shop holds its database's write lock. */
const BUSY_PATIENCE_MS = 60_000;

/**
 * Runs one query against the target and answers its rows. Locally the shop may be running on the same
 * database (`npm start` beside `npm run staff:add`, the browser tests beside their shop): a write that meets
 * the shop's write lock fails with SQLITE_BUSY, and is tried again, less often as it waits, for up to a minute.
 */
export async function d1Rows<T>(target: D1Target, sql: string, patienceMs = BUSY_PATIENCE_MS): Promise<T[]> {
  const giveUpAt = Date.now() + patienceMs;
  for (let attempt = 1; ; attempt++) {
    try {
      const [answer] = await wranglerJson<{ results: T[] }[]>(d1QueryArgs(target, sql));
      return answer?.results ?? [];
    } catch (error) {
      const busy = !isRemote(target) && String(error).includes('SQLITE_BUSY');
      if (!busy || Date.now() >= giveUpAt) throw error;
      await sleep(Math.min(250 * attempt, 3_000) + Math.random() * 250);
    }
  }
}

/** The wrangler arguments that ask D1 Time Travel for the environment's current bookmark. */
export function bookmarkArgs(env: DeployEnv): string[] {
  return ['d1', 'time-travel', 'info', 'DB', '-e', env, '--json'];
}

/** The command that restores the environment's D1 to a bookmark. */
export function restoreCommand(env: DeployEnv, bookmark: string): string {
  return `npx wrangler d1 time-travel restore DB --bookmark=${bookmark} -e ${env}`;
}

/**
 * Asks D1 Time Travel for the environment's current bookmark and prints it with the command
 * that restores it, before anything writes; answers the bookmark.
 */
export async function printBookmark(env: DeployEnv, before: string): Promise<string> {
  const { bookmark } = await wranglerJson<{ bookmark: string }>(bookmarkArgs(env));
  if (!bookmark) throw new Error(`D1 Time Travel gave no bookmark for -e ${env}`);
  console.log(`D1 Time Travel bookmark of ${env} before ${before}: ${bookmark}`);
  console.log(`  to go back: ${restoreCommand(env, bookmark)}`);
  return bookmark;
}

/** What `wrangler d1 execute --remote --json --file` answers (one entry per file). */
interface RemoteFileResult {
  results: { 'Total queries executed'?: number; 'Rows written'?: number }[];
}

/**
 * Runs one SQL file against the target (one atomic execution). Locally it runs silently as
 * always; remotely it prints the part's progress: its number, the rows D1 wrote and the time.
 */
export async function executeFile(target: D1Target, file: string, part = { index: 1, count: 1 }): Promise<void> {
  if (!isRemote(target)) return runWrangler(d1FileArgs(target, file));
  const started = Date.now();
  const label = `  part ${part.index} of ${part.count}`;
  console.log(`${label}: uploading ${file} to the ${target.env} D1`);
  const [answer] = await wranglerJson<RemoteFileResult[]>(d1FileArgs(target, file));
  const result = answer?.results[0] ?? {};
  console.log(
    `${label}: ${(result['Rows written'] ?? 0).toLocaleString('en-US')} rows written ` +
      `(${result['Total queries executed'] ?? '?'} statements) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
