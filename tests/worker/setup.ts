import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeAll } from 'vitest';
import { buildSeedEntries } from '../../kv-seed/entries.ts';

const pages = Object.values(import.meta.glob<{ route: string }>('../../kv-seed/pages/*.json', { eager: true, import: 'default' }));

/** Every test file starts from a migrated D1 and the seeded settings and content. */
beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await Promise.all(buildSeedEntries(pages).map((entry) => env.SETTINGS.put(entry.key, entry.value, { metadata: entry.metadata })));
});
