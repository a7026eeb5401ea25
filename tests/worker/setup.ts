import { applyD1Migrations, env, reset } from 'cloudflare:test';
import { beforeAll, beforeEach } from 'vitest';
import { buildSeedEntries } from '../../kv-seed/entries.ts';
import { caches } from '../../worker/platform/caches.ts';
import { catalogChanged } from '../../worker/platform/recent-reads.ts';

const pages = Object.values(
  import.meta.glob<{ route: string }>(['../../kv-seed/pages/*.json', '../../kv-seed/blog/*.json'], {
    eager: true,
    import: 'default',
  }),
);

/**
 * Every test file starts from empty bindings, a migrated D1 and the seeded settings and content.
 * Files share one module graph (`isolate: false`: a fresh graph per file cost five seconds each),
 * so what they must not share is dropped here: the stored data (D1, KV, R2, Durable Objects) and
 * the Worker's memory caches, as a freshly started Worker would have them.
 */
beforeAll(async () => {
  await reset();
  for (const cache of Object.values(caches)) cache.clear();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await Promise.all(
    buildSeedEntries(pages).map((entry) => env.SETTINGS.put(entry.key, entry.value, { metadata: entry.metadata })),
  );
});

/** Each test reads the catalog it wrote: no answer is shared across tests (recent-reads.ts). */
beforeEach(() => catalogChanged());
