// Starts the shop with wrangler dev on a fresh, seeded state directory: for e2e tests and the bench.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed } from '../seed.ts';
import { loadPostal } from '../data/postal.ts';
import { runWrangler, spawnWrangler } from './wrangler.ts';
import { TEST_SECRETS } from './dev-secrets.ts';

export interface RunningShop {
  port: number;
  /** The DevTools inspector of the Worker (its own free port, so parallel runs never collide). */
  inspectorPort: number;
  stateDir: string;
  us: string;
  ca: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the shop did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Where a throwaway state directory goes: in memory (/dev/shm) when asked and the machine has it, else the temporary
 * folder. Local D1 and wrangler's trace store flush every write to disk (fsync); on a shared machine's disk one flush
 * takes 5-30 ms, which would time the disk rather than the Worker.
 */
function stateRoot(inMemory: boolean): string {
  return inMemory && existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/**
 * Seeds a temporary state directory and serves the built shop on a free port (production React). Given `stateDir`,
 * serves that loaded state as it is instead (bench:catalog's large catalog), and leaves it in place on stop. Given
 * `copyOf` (a state directory from seededState), serves a fresh copy of it: a second shop with other variables
 * starts in seconds instead of seeding again. `inMemory`: the temporary state lives in memory, as the timed benches
 * want (see stateRoot).
 */
export async function serveShop(
  options: { stateDir?: string; copyOf?: string; vars?: Record<string, string>; inMemory?: boolean } = {},
): Promise<RunningShop> {
  if (options.stateDir) return startShop(options.stateDir, false, options.vars ?? {});
  const stateDir = await mkdtemp(join(stateRoot(options.inMemory ?? false), 'autohaven-state-'));
  if (options.copyOf) await cp(options.copyOf, stateDir, { recursive: true });
  else await seedTestState(stateDir);
  return startShop(stateDir, true, options.vars ?? {});
}

/**
 * A temporary state directory seeded as serveShop seeds one,
 * for shops served from copies of it; the caller removes it.
 */
export async function seededState(): Promise<string> {
  const stateDir = await mkdtemp(join(tmpdir(), 'autohaven-seeded-'));
  await seedTestState(stateDir);
  return stateDir;
}

/** The seed, the small fixed catalog, the postal codes and the promotions the e2e tests and benches shop with. */
async function seedTestState(stateDir: string): Promise<void> {
  await seed(stateDir);
  // The small fixed catalog (vehicles of six makes, 150 items): enough for every page, fast to load.
  await runWrangler([
    'd1',
    'execute',
    'DB',
    '--local',
    '--persist-to',
    stateDir,
    '--yes',
    '--file',
    'tests/fixtures/catalog.sql',
  ]);
  await runWrangler([
    'd1',
    'execute',
    'DB',
    '--local',
    '--persist-to',
    stateDir,
    '--yes',
    '--file',
    'tests/fixtures/vin-patterns.sql',
  ]);
  await loadPostal({ stateDir });
  await runWrangler([
    'd1',
    'execute',
    'DB',
    '--local',
    '--persist-to',
    stateDir,
    '--yes',
    '--file',
    'worker/db/seed/promotions.sql',
  ]);
}

/** `vars` adds or overrides the Worker's variables (e2e: payment providers pointed at local fakes). */
async function startShop(stateDir: string, temporary: boolean, vars: Record<string, string>): Promise<RunningShop> {
  const port = await freePort();
  const inspectorPort = await freePort();
  const us = `http://us.shop.localhost:${port}`;
  const ca = `http://ca.shop.localhost:${port}`;
  const child = spawnWrangler(
    [
      'dev',
      '--env',
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      stateDir,
      '--show-interactive-dev-session=false',
      '--var',
      `US_ORIGIN:${us}`,
      '--var',
      `CA_ORIGIN:${ca}`,
      ...Object.entries({ ...TEST_SECRETS, ...vars }).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
      '--minify',
      '--log-level',
      'warn',
    ],
    { quiet: true, env: { NODE_ENV: 'production' } },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // A bench stopped by a signal takes its server with it, rather than leaving wrangler dev running.
  const stopOnSignal = (signal: NodeJS.Signals) => {
    child.kill('SIGTERM');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stopOnSignal).once('SIGTERM', stopOnSignal);
  try {
    await waitUntilUp(`http://127.0.0.1:${port}/__bare`, 90_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    port,
    inspectorPort,
    us,
    ca,
    stateDir,
    async stop() {
      process.off('SIGINT', stopOnSignal).off('SIGTERM', stopOnSignal);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve).once('error', resolve));
      if (temporary) await rm(stateDir, { recursive: true, force: true });
    },
  };
}
