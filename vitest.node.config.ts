import { defineConfig } from 'vitest/config';

// Node-side checks that need no shop running: the data tools and the source rules.
export default defineConfig({
  test: {
    include: ['tests/node/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    // Seeding a local D1 in beforeAll takes 10-40 s on a busy 2-core machine.
    hookTimeout: 60_000,
  },
});
