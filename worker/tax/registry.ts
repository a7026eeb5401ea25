import type { MarketId } from '../../shared/markets.ts';
import { AvataxTaxService } from './avatax.ts';
import type { TaxProviderId, TaxRuntime, TaxService } from './model.ts';
import { OfflineTaxService } from './offline.ts';
import { StripeTaxService } from './stripe-tax.ts';

/**
 * Which tax service answers for a market (issue 39), from the Worker's configuration:
 * TAX_PROVIDER_US / TAX_PROVIDER_CA name 'stripe', 'avalara' or 'offline' (the default); a service
 * without its credentials is not used. The adapters never import this module, so none imports another.
 */

/** A queued tax job: commit a paid order's sale, or send a recorded reversal. */
export type TaxJob = { kind: 'commit'; orderId: string } | { kind: 'reverse'; reversalId: number };

/** What the tax domain reads from the Worker's bindings. */
export interface TaxEnv {
  DB: D1Database;
  SETTINGS: KVNamespace;
  /** The queue that commits sales and sends reversals, retrying while a service is down. */
  TAX_JOBS?: Queue<TaxJob>;
  TAX_PROVIDER_US?: string;
  TAX_PROVIDER_CA?: string;
  /** Stripe Tax: a secret key (restricted to Tax is enough) and, for tests, another API base. */
  STRIPE_TAX_SECRET_KEY?: string;
  STRIPE_TAX_API_BASE?: string;
  /** AvaTax: the account id and licence key (Basic auth), the company code, and the API base. */
  AVATAX_ACCOUNT_ID?: string;
  AVATAX_LICENSE_KEY?: string;
  AVATAX_COMPANY_CODE?: string;
  AVATAX_API_BASE?: string;
}

const STRIPE_API = 'https://api.stripe.com';
const AVATAX_API = 'https://rest.avatax.com';

/** The service configured for a market, when its credentials are there; else the offline table. */
export function configuredProvider(env: TaxEnv, market: MarketId): TaxProviderId {
  const named = (market === 'ca' ? env.TAX_PROVIDER_CA : env.TAX_PROVIDER_US)?.trim().toLowerCase();
  if (named === 'stripe' && env.STRIPE_TAX_SECRET_KEY) return 'stripe';
  if (named === 'avalara' && env.AVATAX_ACCOUNT_ID && env.AVATAX_LICENSE_KEY && env.AVATAX_COMPANY_CODE)
    return 'avalara';
  return 'offline';
}

/** The adapter of a provider (the one an order was taxed with, or the market's). */
export function taxServiceNamed(env: TaxEnv, provider: TaxProviderId, runtime: TaxRuntime = {}): TaxService {
  if (provider === 'stripe' && env.STRIPE_TAX_SECRET_KEY)
    return new StripeTaxService(
      { secretKey: env.STRIPE_TAX_SECRET_KEY, apiBase: env.STRIPE_TAX_API_BASE || STRIPE_API },
      runtime,
    );
  if (provider === 'avalara' && env.AVATAX_ACCOUNT_ID && env.AVATAX_LICENSE_KEY && env.AVATAX_COMPANY_CODE)
    return new AvataxTaxService(
      {
        accountId: env.AVATAX_ACCOUNT_ID,
        licenseKey: env.AVATAX_LICENSE_KEY,
        companyCode: env.AVATAX_COMPANY_CODE,
        apiBase: env.AVATAX_API_BASE || AVATAX_API,
      },
      runtime,
    );
  return new OfflineTaxService();
}

/** The service that taxes a market's checkouts. */
export function taxServiceFor(env: TaxEnv, market: MarketId, runtime: TaxRuntime = {}): TaxService {
  return taxServiceNamed(env, configuredProvider(env, market), runtime);
}
