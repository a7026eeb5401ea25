import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './tests/e2e/workers.ts';

// Pages and islands in a real Chromium against the shop served by wrangler dev: E2E_WORKERS files at a time,
// each worker against its own shop (tests/e2e/global-setup.ts).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A page on a busy machine can take seconds to show what a test waits for: polls wait up to 10 s, not 1 s.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
