import { inject } from 'vitest';
import type { E2eShop } from './global-setup.ts';

/** The shop this test file browses: its worker's own (VITEST_POOL_ID counts the workers from 1). */
export function theShop(): E2eShop {
  const shops = inject('shops');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return shops[(worker - 1) % shops.length]!;
}
