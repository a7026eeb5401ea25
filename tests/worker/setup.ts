import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeAll, beforeEach } from 'vitest';
import { buildSeedEntries } from '../../kv-seed/entries.ts';
import { catalogChanged } from '../../worker/platform/recent-reads.ts';

const pages = Object.values(
  import.meta.glob<{ route: string }>('../../kv-seed/pages/*.json', { eager: true, import: 'default' }),
);

/** Every test file starts from a migrated D1 and the seeded settings and content. */
beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await Promise.all(
    buildSeedEntries(pages).map((entry) => env.SETTINGS.put(entry.key, entry.value, { metadata: entry.metadata })),
  );
});

/** Each test reads the catalog it wrote: no answer is shared across tests (recent-reads.ts). */
beforeEach(() => catalogChanged());
