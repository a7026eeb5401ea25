// Builds the client, seeds the local shop and serves it with wrangler dev on PORT (8787).
//   http://us.shop.localhost:8787  the US site
//   http://ca.shop.localhost:8787  the Canadian site
import { seed } from './seed.ts';
import { loadVinPatterns } from './lib/vin-load.ts';
import { loadPostal } from './data/postal.ts';
import { DEFAULT_ITEMS, DEFAULT_SEED, loadCatalog } from './data/catalog.ts';
import { DEFAULT_STATE_DIR, runWrangler, spawnWrangler } from './lib/wrangler.ts';
import { execFileSync } from 'node:child_process';
import { ensureDevVars } from './lib/dev-secrets.ts';
import { devVar, localOwnerCredentials, writeStaff } from './staff-lib.ts';

const port = process.env.PORT ?? '8787';
if (!/^\d{2,5}$/.test(port)) {
  console.error(`start: PORT must be a number, got "${port}"`);
  process.exit(2);
}
const stateDir = process.env.STATE_DIR ?? DEFAULT_STATE_DIR;

execFileSync(process.execPath, [...process.execArgv, 'scripts/build-client.ts'], { stdio: 'inherit' });
await seed(stateDir);
// Vehicles and the default catalog: loaded once, skipped while the same version is loaded.
await loadCatalog({ items: DEFAULT_ITEMS, seed: DEFAULT_SEED, stateDir });
// VIN model patterns (vPIC): decode a VIN to its model.
await loadVinPatterns({ stateDir });
// Postal codes and the area dictionary: the postal-code lookup and remote-area shipping.
await loadPostal({ stateDir });
// The shop's promotions (idempotent; scopes find their categories in the loaded catalog).
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

const added = await ensureDevVars();
if (added.length > 0) console.log(`.dev.vars: wrote random local ${added.join(', ')}`);
// The back office's local owner, with the same password and secret every start (staff-lib.ts).
const owner = await writeStaff(
  { stateDir },
  {
    email: 'owner@shop.localhost',
    name: 'Local Owner',
    role: 'owner',
    ...localOwnerCredentials(devVar('AUTH_SECRET') ?? ''),
  },
  true,
);

const dev = spawnWrangler([
  'dev',
  '--env',
  'dev',
  '--port',
  port,
  '--ip',
  '127.0.0.1',
  '--persist-to',
  stateDir,
  '--show-interactive-dev-session=false',
  '--var',
  `US_ORIGIN:http://us.shop.localhost:${port}`,
  '--var',
  `CA_ORIGIN:http://ca.shop.localhost:${port}`,
]);
console.log(`\nAutoHaven: http://us.shop.localhost:${port} (US)  http://ca.shop.localhost:${port} (Canada)`);
console.log(
  `Back office: http://us.shop.localhost:${port}/admin  email ${owner.email}  password ${owner.password}\n` +
    `  authenticator secret ${owner.totpSecret} (or the current code: npm run staff:code -- ${owner.email})\n`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code) => process.exit(code ?? 0));
