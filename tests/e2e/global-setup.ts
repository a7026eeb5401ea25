import type { TestProject } from 'vitest/node';
import { rm } from 'node:fs/promises';
import { seededState, serveShop } from '../../scripts/lib/serve.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    shopUs: string;
    shopCa: string;
    shopStateDir: string;
    /** The seeded state before any test ran: a test that needs its own shop serves a copy of it. */
    shopSeededDir: string;
  }
}

/** One seeded shop for the whole e2e run, and its seeded state kept aside for the tests that start their own. */
export default async function setup(project: TestProject) {
  const seeded = await seededState();
  const shop = await serveShop({ copyOf: seeded });
  project.provide('shopUs', shop.us);
  project.provide('shopCa', shop.ca);
  project.provide('shopStateDir', shop.stateDir);
  project.provide('shopSeededDir', seeded);
  return async () => {
    await shop.stop();
    await rm(seeded, { recursive: true, force: true });
  };
}
