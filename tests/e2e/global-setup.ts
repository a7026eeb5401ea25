import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { type RunningShop, seededState, serveShop } from '../../scripts/lib/serve.ts';
import { E2E_WORKERS } from './workers.ts';

/** A running shop the e2e tests browse: its two sites and its state directory. */
export interface E2eShop {
  us: string;
  ca: string;
  stateDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shop per test worker, each from its own copy of the seeded state (tests/e2e/shop.ts picks it). */
    shops: E2eShop[];
    /** The seeded state before any test ran: a test that needs its own shop serves a copy of it. */
    shopSeededDir: string;
  }
}

/**
 * The seeded state, made once, and a shop served from a copy of it for each test worker: the test files of
 * one worker run one after the other against their shop, as they would against a single one, while the
 * other worker's files run against theirs.
 */
export default async function setup(project: TestProject) {
  const seeded = await seededState();
  const running: RunningShop[] = [];
  for (let i = 0; i < E2E_WORKERS; i++) running.push(await serveShop({ copyOf: seeded }));
  project.provide(
    'shops',
    running.map(({ us, ca, stateDir }) => ({ us, ca, stateDir })),
  );
  project.provide('shopSeededDir', seeded);
  return async () => {
    await Promise.all(running.map((shop) => shop.stop()));
    await rm(seeded, { recursive: true, force: true });
  };
}
