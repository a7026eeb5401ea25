// Which wrangler commands a data load runs: locally exactly the commands it always ran, remotely
// `--remote -e ENV` with a Time Travel bookmark first. wrangler itself is replaced by a recorder.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ run: [] as string[][], json: [] as string[][], busy: 0 }));
vi.mock('../../scripts/lib/wrangler.ts', async (original) => ({
  ...(await original<typeof import('../../scripts/lib/wrangler.ts')>()),
  runWrangler: async (args: string[]) => {
    calls.run.push(args);
  },
  wranglerJson: async (args: string[]) => {
    calls.json.push(args);
    if (calls.busy > 0) {
      calls.busy--;
      throw new Error('wrangler d1 execute failed (1): database is locked: SQLITE_BUSY');
    }
    if (args.includes('time-travel'))
      return { bookmark: '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683' };
    if (args.includes('--command')) return [{ results: [] }];
    return [{ results: [{ 'Total queries executed': 3, 'Rows written': 42 }] }];
  },
}));

const { bookmarkArgs, d1FileArgs, d1QueryArgs, d1Rows, parseTarget, restoreCommand } = await import(
  '../../scripts/lib/d1-target.ts'
);
const { executeAll } = await import('../../scripts/data/catalog.ts');
const { loadPostal } = await import('../../scripts/data/postal.ts');
const { loadVinPatterns } = await import('../../scripts/lib/vin-load.ts');

beforeEach(() => {
  calls.run.length = 0;
  calls.json.length = 0;
  calls.busy = 0;
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

const LOCAL_FILE = (dir: string, file: string) => [
  'd1',
  'execute',
  'DB',
  '--local',
  '--persist-to',
  dir,
  '--yes',
  '--file',
  file,
];
const REMOTE_FILE = (env: string, file: string) => [
  'd1',
  'execute',
  'DB',
  '--remote',
  '-e',
  env,
  '--yes',
  '--json',
  '--file',
  file,
];
const BOOKMARK = (env: string) => ['d1', 'time-travel', 'info', 'DB', '-e', env, '--json'];

describe('the target of a load', () => {
  it('is the local state directory unless --remote names a deploy environment', () => {
    expect(parseTarget({}, '.wrangler/state')).toEqual({ stateDir: '.wrangler/state' });
    expect(parseTarget({ 'persist-to': '/tmp/s' }, '.wrangler/state')).toEqual({ stateDir: '/tmp/s' });
    expect(parseTarget({ remote: true, env: 'production' }, 'x')).toEqual({ env: 'production' });
    expect(parseTarget({ remote: true, env: 'staging' }, 'x')).toEqual({ env: 'staging' });
  });

  it('refuses a half-given or mixed target', () => {
    expect(() => parseTarget({ remote: true }, 'x')).toThrow(/--remote needs -e production\|staging/);
    expect(() => parseTarget({ remote: true, env: 'dev' }, 'x')).toThrow(/-e must be production or staging/);
    expect(() => parseTarget({ env: 'production' }, 'x')).toThrow(/add --remote/);
    expect(() => parseTarget({ remote: true, env: 'production', 'persist-to': 'd' }, 'x')).toThrow(/--persist-to/);
    expect(() => parseTarget({ 'persist-to': '' }, 'x')).toThrow(/needs a directory/);
  });
});

describe('wrangler arguments', () => {
  it('runs a file locally as before, remotely against the environment with its row counts', () => {
    expect(d1FileArgs({ stateDir: 'S' }, 'f.sql')).toEqual(LOCAL_FILE('S', 'f.sql'));
    expect(d1FileArgs({ env: 'production' }, 'f.sql')).toEqual(REMOTE_FILE('production', 'f.sql'));
  });

  it('queries locally or remotely, and asks Time Travel for the bookmark it prints with the restore command', () => {
    expect(d1QueryArgs({ stateDir: 'S' }, 'SELECT 1')).toEqual([
      ...['d1', 'execute', 'DB', '--local', '--persist-to', 'S', '--json', '--command', 'SELECT 1'],
    ]);
    expect(d1QueryArgs({ env: 'staging' }, 'SELECT 1')).toEqual([
      ...['d1', 'execute', 'DB', '--remote', '-e', 'staging', '--json', '--command', 'SELECT 1'],
    ]);
    expect(bookmarkArgs('staging')).toEqual(BOOKMARK('staging'));
    expect(restoreCommand('production', 'b1')).toBe(
      'npx wrangler d1 time-travel restore DB --bookmark=b1 -e production',
    );
  });
});

describe('a query beside a running shop', () => {
  it('is tried again while the local shop holds the write lock, then answers', async () => {
    calls.busy = 2;
    await expect(d1Rows({ stateDir: '/tmp/state' }, 'INSERT INTO staff DEFAULT VALUES')).resolves.toEqual([]);
    expect(calls.json).toHaveLength(3);
  });

  it('gives up once its patience is spent, and never retries a remote database', async () => {
    calls.busy = 100;
    await expect(d1Rows({ stateDir: '/tmp/state' }, 'SELECT 1', 0)).rejects.toThrow(/SQLITE_BUSY/);
    calls.json.length = 0;
    await expect(d1Rows({ env: 'staging' }, 'SELECT 1')).rejects.toThrow(/SQLITE_BUSY/);
    expect(calls.json).toHaveLength(1);
  });
});

describe('the loaders', () => {
  it('load the catalog parts locally with the same commands, remotely after a bookmark with progress', async () => {
    await executeAll('S', ['a.sql', 'a.sql.2']);
    expect(calls.run).toEqual([LOCAL_FILE('S', 'a.sql'), LOCAL_FILE('S', 'a.sql.2')]);
    expect(calls.json).toEqual([]);
    calls.run.length = 0;
    await executeAll({ env: 'staging' }, ['a.sql', 'a.sql.2']);
    expect(calls.run).toEqual([]);
    expect(calls.json).toEqual([REMOTE_FILE('staging', 'a.sql'), REMOTE_FILE('staging', 'a.sql.2')]);
    const printed = vi.mocked(console.log).mock.calls.map(([line]) => String(line));
    expect(printed).toContain('  part 2 of 2: 42 rows written (3 statements) in 0.0 s');
  });

  it('load the postal codes: version check and file locally, remotely a bookmark before the write', async () => {
    await loadPostal({ stateDir: 'S' });
    expect(calls.json.map((args) => args.slice(0, 6))).toEqual([
      ['d1', 'execute', 'DB', '--local', '--persist-to', 'S'],
    ]);
    expect(calls.run).toEqual([LOCAL_FILE('S', expect.stringMatching(/\.wrangler\/postal-\d+\.sql$/))]);
    calls.json.length = 0;
    calls.run.length = 0;
    await loadPostal({ env: 'production' });
    expect(calls.run).toEqual([]);
    expect(calls.json.map((args) => args.slice(0, 6))).toEqual([
      ['d1', 'execute', 'DB', '--remote', '-e', 'production'],
      BOOKMARK('production').slice(0, 6),
      ['d1', 'execute', 'DB', '--remote', '-e', 'production'],
    ]);
    expect(calls.json[2]).toEqual(REMOTE_FILE('production', expect.stringMatching(/postal-\d+\.sql$/)));
  });

  it('load the VIN patterns the same way', async () => {
    await loadVinPatterns({ stateDir: 'S', force: true });
    expect(calls.run).toEqual([LOCAL_FILE('S', '.wrangler/vin-patterns.sql')]);
    expect(calls.json).toEqual([]);
    calls.run.length = 0;
    await loadVinPatterns({ env: 'staging', force: true });
    expect(calls.json).toEqual([BOOKMARK('staging'), REMOTE_FILE('staging', '.wrangler/vin-patterns.sql')]);
  });
});

describe('bad arguments', () => {
  const run = promisify(execFile);
  const node = (script: string, ...args: string[]) =>
    run(process.execPath, ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', script, ...args]).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it.each([
    ['scripts/data/catalog.ts', ['--remote'], /usage: npm run data:catalog/],
    ['scripts/data/catalog.ts', ['--remote', '-e', 'dev'], /-e must be production or staging/],
    ['scripts/data/catalog.ts', ['-e', 'production'], /add --remote/],
    ['scripts/data/postal.ts', ['--load', '--remote', '-e', 'test'], /usage: npm run data:postal/],
    ['scripts/data/postal.ts', ['--remote', '-e', 'production'], /--remote needs --load/],
    ['scripts/data/vin-patterns.ts', ['--load', '--remote'], /--load \[--persist-to DIR \| --remote/],
    ['scripts/data/vin-patterns.ts', ['--remote', '-e', 'staging'], /need --load/],
    ['scripts/deploy.ts', [], /usage: npm run deploy -- -e production\|staging \[--dry-run\]/],
    ['scripts/deploy.ts', ['-e', 'dev'], /-e must be production or staging, got "dev"/],
    ['scripts/deploy.ts', ['-e', 'production', '--force'], /usage: npm run deploy/],
    ['scripts/bench-soak.ts', ['--minutes', '0'], /usage: npm run bench:soak/],
    ['scripts/bench-soak.ts', ['--minutes', '1', '--seconds', '5'], /not both/],
  ])('%s %j exits 2 with the usage', async (script, args, message) => {
    const { code, stderr } = await node(script, ...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
