import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { TEST_SECRETS } from './scripts/lib/dev-secrets.ts';

// wrangler.toml requires these secrets (`[secrets] required`); the plugin reads them from the environment.
Object.assign(process.env, TEST_SECRETS);

// Tests that run inside workerd through the real Worker, with Miniflare's D1, KV, R2 and Queues.
export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      // Local development's environment (developer tools on); the secrets are the test ones set above.
      wrangler: { configPath: './wrangler.toml', environment: 'dev' },
      miniflare: {
        bindings: { TEST_MIGRATIONS: await readD1Migrations('./worker/db/migrations') },
      },
    }),
  ],
  test: {
    include: [
      'tests/worker/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.ts',
      'worker/**/*.test.ts',
      'shared/**/*.test.ts',
      'client/**/*.test.ts',
    ],
    setupFiles: ['./tests/worker/setup.ts'],
    // One module graph for all files, one file at a time: setup.ts empties the stored data before
    // each file, which a file running beside it would lose.
    isolate: false,
    maxWorkers: 1,
    // Generous for a slow, busy machine: a timeout here means a hang, never a budget (npm run bench has those).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
}));
