// Deploys the shop to a Cloudflare environment of wrangler.toml:
//   npm run deploy -- -e production|staging [--dry-run] [--secrets-file FILE]
// builds the browser bundle, prints the D1 Time Travel bookmark (the point to restore to if a
// migration goes wrong), applies the D1 migrations, then deploys the Worker. --dry-run builds
// and bundles the Worker without touching the network (`wrangler deploy --dry-run`).
// --secrets-file (NAME=value lines) is for the first deploy: wrangler.toml's [secrets] required
// makes wrangler refuse a new Worker without them, and `wrangler secret put` needs the Worker.
// The dry run lists the required secrets (the payment providers' among them) and what each is for,
// and with --secrets-file names those missing from it (and then fails).
// The remote commands run with wrangler.ts's OFFLINE_ENV too: it turns off metrics and error
// reports, and CLOUDFLARE_CF_FETCH_ENABLED=false only stops Miniflare (local runs) fetching the
// request.cf sample; `d1 time-travel`, `d1 migrations apply --remote` and `deploy` never read it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { unstable_readConfig } from 'wrangler';
import { DEPLOY_ENVS, type DeployEnv, isDeployEnv, printBookmark } from './lib/d1-target.ts';
import { secretsReport } from './lib/deploy-secrets.ts';
import { spawnWrangler } from './lib/wrangler.ts';

const USAGE = `usage: npm run deploy -- -e ${DEPLOY_ENVS.join('|')} [--dry-run] [--secrets-file FILE]`;

/** The environment and mode from the command line; exits 2 with the usage on anything else. */
function parseCommandLine(): { env: DeployEnv; dryRun: boolean; secrets: string[]; secretsFile?: string } {
  try {
    const { values, positionals } = parseArgs({
      options: {
        env: { type: 'string', short: 'e' },
        'dry-run': { type: 'boolean', default: false },
        'secrets-file': { type: 'string' },
      },
      allowPositionals: true,
    });
    const secretsFile = values['secrets-file'];
    if (secretsFile !== undefined && !existsSync(secretsFile)) throw new Error(`no secrets file ${secretsFile}`);
    if (positionals.length) throw new Error(`unexpected argument "${positionals[0]}"`);
    if (!isDeployEnv(values.env))
      throw new Error(
        values.env === undefined
          ? 'name the environment with -e'
          : `-e must be ${DEPLOY_ENVS.join(' or ')}, got "${values.env}"`,
      );
    const secrets = secretsFile ? ['--secrets-file', secretsFile] : [];
    return { env: values.env, dryRun: values['dry-run'], secrets, ...(secretsFile ? { secretsFile } : {}) };
  } catch (error) {
    console.error(`deploy: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

/** Runs wrangler with its output on this terminal (and its prompts, when there is one); throws when it fails. */
function wrangler(args: string[]): Promise<void> {
  console.log(`\n$ wrangler ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    // The Worker bundle gets production React, as the bench measures it (scripts/lib/serve.ts).
    const child = spawnWrangler(args, { env: { NODE_ENV: 'production' } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`wrangler ${args[0]} failed (${code})`))));
  });
}

/** The gzipped size of the bundled Worker's modules in `dir` (the source map left out). */
async function gzippedBundle(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir))
    if (/\.(js|mjs|wasm)$/.test(name)) total += gzipSync(await readFile(join(dir, name))).length;
  return total;
}

const { env, dryRun, secrets, secretsFile } = parseCommandLine();

/** Prints the environment's required secrets and, given a file, those missing from it; answers how many are. */
function checkSecrets(): number {
  const config = unstable_readConfig({ config: 'wrangler.toml', env }, { hideWarnings: true }) as {
    secrets?: { required?: string[] };
  };
  const report = secretsReport(config.secrets?.required ?? [], secretsFile ? readFileSync(secretsFile, 'utf8') : null);
  console.log(`\n== secrets of ${env}\n${report.lines.join('\n')}`);
  return report.missing.length;
}
const started = Date.now();
console.log('== build (npm run build)');
execFileSync(process.execPath, [...process.execArgv, 'scripts/build-client.ts'], { stdio: 'inherit' });
try {
  if (dryRun) {
    const missing = checkSecrets();
    const outdir = await mkdtemp(join(tmpdir(), 'autohaven-deploy-'));
    try {
      await wrangler(['deploy', '--dry-run', '-e', env, '--outdir', outdir, '--minify', ...secrets]);
      const gzip = await gzippedBundle(outdir);
      console.log(`\ndry run for ${env}: Worker bundle ${(gzip / 1024).toFixed(0)} KiB gzipped (aim: under 3 MB)`);
      if (missing > 0) throw new Error(`${missing} required secrets are missing from ${secretsFile}`);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  } else {
    console.log(`\n== D1 bookmark of ${env}`);
    await printBookmark(env, 'migrating');
    console.log('\n== D1 migrations');
    await wrangler(['d1', 'migrations', 'apply', 'DB', '--remote', '-e', env]);
    console.log('\n== Worker');
    await wrangler(['deploy', '-e', env, '--minify', ...secrets]);
    console.log(
      `\ndeployed ${env} in ${((Date.now() - started) / 1000).toFixed(0)} s. ` +
        `Back out: npx wrangler versions list -e ${env}, npx wrangler rollback -e ${env}`,
    );
  }
} catch (error) {
  console.error(`deploy: ${(error as Error).message}`);
  process.exit(1);
}
