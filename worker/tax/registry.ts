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
  /** 'true' in local development only: the services' sandboxes and local fakes may be used there. */
  DEV_TOOLS?: string;
}

const STRIPE_API = 'https://api.stripe.com';
const AVATAX_API = 'https://rest.avatax.com';

/**
 * Sandboxes are for local use: another API base (a local fake, AvaTax's sandbox) and Stripe's test
 * keys are honoured only where DEV_TOOLS is on. In production the services' live APIs are called, so
 * a setting left over from testing can never send the shop's sales where no return is filed from.
 */
const local = (env: TaxEnv) => env.DEV_TOOLS === 'true';
const stripeKey = (env: TaxEnv) =>
  env.STRIPE_TAX_SECRET_KEY && (local(env) || !/^(sk|rk)_test_/.test(env.STRIPE_TAX_SECRET_KEY))
    ? env.STRIPE_TAX_SECRET_KEY
    : undefined;
const apiBase = (env: TaxEnv, override: string | undefined, live: string) => (local(env) && override) || live;

/** The service configured for a market, when its credentials are there; else the offline table. */
export function configuredProvider(env: TaxEnv, market: MarketId): TaxProviderId {
  const named = (market === 'ca' ? env.TAX_PROVIDER_CA : env.TAX_PROVIDER_US)?.trim().toLowerCase();
  if (named === 'stripe' && stripeKey(env)) return 'stripe';
  if (named === 'avalara' && env.AVATAX_ACCOUNT_ID && env.AVATAX_LICENSE_KEY && env.AVATAX_COMPANY_CODE)
    return 'avalara';
  return 'offline';
}

/** The adapter of a provider (the one an order was taxed with, or the market's). */
export function taxServiceNamed(env: TaxEnv, provider: TaxProviderId, runtime: TaxRuntime = {}): TaxService {
  const secretKey = stripeKey(env);
  if (provider === 'stripe' && secretKey)
    return new StripeTaxService({ secretKey, apiBase: apiBase(env, env.STRIPE_TAX_API_BASE, STRIPE_API) }, runtime);
  if (provider === 'avalara' && env.AVATAX_ACCOUNT_ID && env.AVATAX_LICENSE_KEY && env.AVATAX_COMPANY_CODE)
    return new AvataxTaxService(
      {
        accountId: env.AVATAX_ACCOUNT_ID,
        licenseKey: env.AVATAX_LICENSE_KEY,
        companyCode: env.AVATAX_COMPANY_CODE,
        apiBase: apiBase(env, env.AVATAX_API_BASE, AVATAX_API),
      },
      runtime,
    );
  return new OfflineTaxService();
}

/** The service that taxes a market's checkouts. */
export function taxServiceFor(env: TaxEnv, market: MarketId, runtime: TaxRuntime = {}): TaxService {
  return taxServiceNamed(env, configuredProvider(env, market), runtime);
}
