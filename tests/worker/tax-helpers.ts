import { env } from 'cloudflare:test';
import { vi } from 'vitest';
import { caches } from '../../worker/platform/caches.ts';
import { forgetShopSettings } from '../../worker/content/service.ts';
import worker from '../../worker/index.ts';
import type { TaxJob } from '../../worker/tax/service.ts';
import { AVATAX_BASE, fakeTaxServices, STRIPE_BASE, type FakeTaxServices } from './tax-fakes.ts';

/** The places the tax tests ship to, with real ZIP codes (the fakes' table knows their jurisdictions). */
export const COLUMBUS = {
  market: 'us',
  firstName: 'Olive',
  lastName: 'Buckeye',
  phone: '6145550100',
  addressLine1: '90 W Broad St',
  city: 'Columbus',
  regionCode: 'OH',
  postalCode: '43215',
};
export const SAN_FRANCISCO = {
  ...COLUMBUS,
  addressLine1: '1 Dr Carlton B Goodlett Pl',
  city: 'San Francisco',
  regionCode: 'CA',
  postalCode: '94103',
};
export const SEATTLE = {
  ...COLUMBUS,
  addressLine1: '600 4th Ave',
  city: 'Seattle',
  regionCode: 'WA',
  postalCode: '98101',
};
/** Denver: a state the seeded shop is not registered in. */
export const DENVER = {
  ...COLUMBUS,
  addressLine1: '1437 Bannock St',
  city: 'Denver',
  regionCode: 'CO',
  postalCode: '80202',
};

/** The postal codes of those places, so checkout verifies the addresses. */
export async function loadTaxPlaces(): Promise<void> {
  await env.DB.prepare(`INSERT OR IGNORE INTO postal_code (market, post_code, city, state_code) VALUES
    ('us', '43215', 'Columbus', 'OH'), ('us', '94103', 'San Francisco', 'CA'), ('us', '98101', 'Seattle', 'WA'),
    ('us', '80202', 'Denver', 'CO')`).run();
}

const SETTINGS = [
  'TAX_PROVIDER_US',
  'TAX_PROVIDER_CA',
  'STRIPE_TAX_SECRET_KEY',
  'STRIPE_TAX_API_BASE',
  'AVATAX_ACCOUNT_ID',
  'AVATAX_LICENSE_KEY',
  'AVATAX_COMPANY_CODE',
  'AVATAX_API_BASE',
] as const;

/**
 * Points the running Worker's US market (or the markets named) at a fake tax service: its
 * configuration in the bindings (the tests' env is the Worker's) and its network through the
 * fakes. `restore` undoes both.
 */
export function useTaxService(
  provider: 'stripe' | 'avalara' | 'offline',
  markets: readonly ('us' | 'ca')[] = ['us'],
): FakeTaxServices & { jobs: TaxJob[]; restore(): void } {
  const fake = fakeTaxServices();
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(fake.fetch);
  const bindings = env as unknown as Record<string, unknown>;
  // The tax queue records what it is sent; a test delivers it with deliverTaxJobs (as the queue would).
  const jobs: TaxJob[] = [];
  const queue = bindings.TAX_JOBS;
  bindings.TAX_JOBS = { send: async (job: TaxJob) => void jobs.push(structuredClone(job)) };
  Object.assign(bindings, {
    ...(markets.includes('us') ? { TAX_PROVIDER_US: provider } : {}),
    ...(markets.includes('ca') ? { TAX_PROVIDER_CA: provider } : {}),
    STRIPE_TAX_SECRET_KEY: 'sk_test_tax',
    STRIPE_TAX_API_BASE: STRIPE_BASE,
    AVATAX_ACCOUNT_ID: '2000123456',
    AVATAX_LICENSE_KEY: 'test-licence-key',
    AVATAX_COMPANY_CODE: 'AUTOHAVEN',
    AVATAX_API_BASE: AVATAX_BASE,
  });
  caches.taxCalculations.clear();
  return Object.assign(fake, {
    jobs,
    restore() {
      spy.mockRestore();
      bindings.TAX_JOBS = queue;
      for (const name of SETTINGS) delete bindings[name];
      caches.taxCalculations.clear();
    },
  });
}

/** Changes the stored shop settings (KV) and forgets this isolate's copy. */
export async function patchSettings(patch: Record<string, unknown>): Promise<() => Promise<void>> {
  const before = (await env.SETTINGS.get('shop-settings', 'text')) ?? '{}';
  await env.SETTINGS.put('shop-settings', JSON.stringify({ ...JSON.parse(before), ...patch }));
  forgetShopSettings();
  return async () => {
    await env.SETTINGS.put('shop-settings', before);
    forgetShopSettings();
  };
}

/**
 * Delivers tax jobs to the Worker's queue handler as one batch (`attempts` as the queue counts
 * them): which were acknowledged and which it asked to retry, with their delays.
 */
export async function deliverTaxJobs(jobs: readonly TaxJob[], attempts = 1) {
  const acked: TaxJob[] = [];
  const retried: { job: TaxJob; delaySeconds: number | undefined }[] = [];
  const messages = jobs.map((job, index) => ({
    id: `tax-${index}`,
    timestamp: new Date(),
    body: job,
    attempts,
    ack: () => void acked.push(job),
    retry: (options?: { delaySeconds?: number }) => void retried.push({ job, delaySeconds: options?.delaySeconds }),
  }));
  const batch = { queue: 'autohaven-tax', messages, ackAll() {}, retryAll() {} };
  await worker.queue(batch as unknown as MessageBatch<TaxJob>, env as never);
  return { acked, retried };
}
