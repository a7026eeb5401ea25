import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configuredProvider, taxServiceNamed, type TaxEnv } from '../../worker/tax/registry.ts';
import { STRIPE_BASE } from './tax-fakes.ts';

/**
 * The tax services' sandboxes are for local use only (issue 39): in production (no DEV_TOOLS) the
 * live APIs are called whatever API base is configured, and a Stripe test key taxes nothing.
 */

afterEach(() => vi.restoreAllMocks());

const production = (more: Partial<TaxEnv>): TaxEnv => ({ DB: env.DB, SETTINGS: env.SETTINGS, ...more });
const REQUEST = {
  market: 'us' as const,
  currency: 'USD' as const,
  address: {
    line1: '90 W Broad St',
    line2: null,
    city: 'Columbus',
    region: 'OH',
    postalCode: '43215',
    country: 'US' as const,
  },
  lines: [{ ref: 'L1', amountCent: 1000, quantity: 1 }],
  shippingCent: 0,
  customerRef: null,
  exemption: null,
  date: Date.now(),
};

describe('the tax services in production', () => {
  it('never uses a Stripe test key outside local development', () => {
    const settings = { TAX_PROVIDER_US: 'stripe', STRIPE_TAX_SECRET_KEY: 'sk_test_123' };
    expect(configuredProvider(production(settings), 'us')).toBe('offline');
    expect(configuredProvider(production({ ...settings, DEV_TOOLS: 'true' }), 'us')).toBe('stripe');
    expect(configuredProvider(production({ ...settings, STRIPE_TAX_SECRET_KEY: 'rk_live_123' }), 'us')).toBe('stripe');
  });

  it('calls the live APIs whatever API base is configured; a local fake is reached only in development', async () => {
    const called: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      called.push(new URL(input instanceof Request ? input.url : String(input)).origin);
      return Response.json({ error: { type: 'api_error' } }, { status: 503 });
    });
    const settings = {
      STRIPE_TAX_SECRET_KEY: 'rk_live_123',
      STRIPE_TAX_API_BASE: STRIPE_BASE,
      AVATAX_ACCOUNT_ID: '1',
      AVATAX_LICENSE_KEY: 'key',
      AVATAX_COMPANY_CODE: 'SHOP',
      AVATAX_API_BASE: 'https://sandbox-rest.avatax.com',
    };
    for (const provider of ['stripe', 'avalara'] as const)
      await taxServiceNamed(production(settings), provider)
        .calculate(REQUEST)
        .catch(() => null);
    expect(called).toEqual(['https://api.stripe.com', 'https://rest.avatax.com']);
    called.length = 0;
    await taxServiceNamed(production({ ...settings, DEV_TOOLS: 'true' }), 'stripe')
      .calculate(REQUEST)
      .catch(() => null);
    expect(called).toEqual([STRIPE_BASE]);
  });
});
