import type { TestProject } from 'vitest/node';
import { serveShop } from '../../scripts/lib/serve.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    shopUs: string;
    shopCa: string;
    shopStateDir: string;
  }
}

/** One seeded shop for the whole e2e run. */
export default async function setup(project: TestProject) {
  const shop = await serveShop();
  project.provide('shopUs', shop.us);
  project.provide('shopCa', shop.ca);
  project.provide('shopStateDir', shop.stateDir);
  return () => shop.stop();
}
