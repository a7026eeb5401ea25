import { defineConfig } from 'vitest/config';

// Node-side checks that need no shop running: the data tools and the source rules.
export default defineConfig({
  test: {
    include: ['tests/node/**/*.test.ts', 'scripts/**/*.test.ts'],
    // One file at a time: the data check's local D1 lost its connection under a second file's load
    // on a busy 2-core machine (two at a time took 90 s instead of 180 s when the machine was idle).
    maxWorkers: 1,
    // Seeding and loading a local D1 takes 10-40 s on a busy 2-core machine, more with two files.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
