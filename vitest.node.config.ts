import { defineConfig } from 'vitest/config';

// Node-side checks that need no shop running: the data tools and the source rules.
export default defineConfig({
  test: {
    include: ['tests/node/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Two files at a time: the data tests wait on wrangler and local D1 child processes about half
    // of their time, so a second file fills it (180 s of a run became 90 s on two cores).
    maxWorkers: 2,
    // Seeding and loading a local D1 takes 10-40 s on a busy 2-core machine, more with two files.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
