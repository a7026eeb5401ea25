import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Tests that run inside workerd through the real Worker, with Miniflare's D1, KV, R2 and Queues.
export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
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
    testTimeout: 30_000,
  },
}));
