import type { Locale } from '../shared/i18n/locale.ts';
import type { Market } from '../shared/markets.ts';
import type { TaxJob } from './tax/service.ts';
import type { InstalmentOffer } from '../shared/payment-offers.ts';

/**
 * What `wrangler types` derives from wrangler.toml (worker/generated/wrangler-env.d.ts, written by
 * `npm run typecheck`): the bindings and the required secrets. A binding renamed or dropped there
 * fails the typecheck here.
 */
type Configured = Pick<
  WranglerEnv,
  | 'DB'
  | 'SETTINGS'
  | 'MEDIA'
  | 'ASSETS'
  | 'RATE_LIMITER'
  | 'CHAT_CONVERSATION'
  | 'CHAT_PRESENCE'
  | 'AUTH_SECRET'
  | 'PASSWORD_PEPPER'
  | 'PAYMENT_WEBHOOK_SECRET'
>;

/** The Worker's bindings: wrangler.toml's, plus the settings an operator may add (all optional). */
export interface Bindings extends Configured {
  /** Typed by what the shop puts on it (wrangler types knows only the queue). */
  EVENTS: Queue<ShopEvent>;
  /** Plain strings: each environment has its own values, and tests choose theirs. */
  SHOP_ID: string;
  US_ORIGIN: string;
  CA_ORIGIN: string;
  /** 'true' turns on the developer pages (/dev/outbox, the test identity provider, the payment sandbox). */
  DEV_TOOLS?: string;
  /** Payments (worker/payments/provider.ts PaymentEnv says what each is): the card provider (Stripe)… */
  CARD_PROVIDER_API_BASE?: string;
  CARD_PROVIDER_SECRET_KEY?: string;
  CARD_PROVIDER_WEBHOOK_SECRET?: string;
  CARD_PROVIDER_PUBLISHABLE_KEY?: string;
  CARD_PROVIDER_COUNTRY?: string;
  APPLE_PAY_DOMAIN_ASSOCIATION?: string;
  BNPL_PROVIDERS?: string;
  BNPL_LIMITS?: string;
  /** …the online wallet (PayPal)… */
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_WEBHOOK_ID?: string;
  PAYPAL_API_BASE?: string;
  /** …and the methods the owner switched off. */
  PAYMENT_METHODS_OFF?: string;
  /**
   * Sales tax (tax/registry.ts): the service per market ('stripe', 'avalara' or 'offline', the
   * default), its credentials, and the queue that commits paid sales and sends reversals.
   */
  TAX_JOBS?: Queue<TaxJob>;
  TAX_PROVIDER_US?: string;
  TAX_PROVIDER_CA?: string;
  STRIPE_TAX_SECRET_KEY?: string;
  STRIPE_TAX_API_BASE?: string;
  AVATAX_ACCOUNT_ID?: string;
  AVATAX_LICENSE_KEY?: string;
  AVATAX_COMPANY_CODE?: string;
  AVATAX_API_BASE?: string;
  /** Tracking events' sink in production (tracking/sink.ts); D1 when absent. */
  ANALYTICS?: AnalyticsEngineDataset;
  /**
   * The analytics dashboard's Analytics Engine SQL API reader (tracking/dashboard-ae-repository.ts): the account
   * id and an API token with Account Analytics Read turn it on (D1 otherwise); the dataset the ANALYTICS binding
   * writes (autohaven_events when absent); the endpoint, Cloudflare's for the account when absent.
   */
  ANALYTICS_ACCOUNT_ID?: string;
  ANALYTICS_API_TOKEN?: string;
  ANALYTICS_DATASET?: string;
  ANALYTICS_SQL_URL?: string;
  /** Error reporting: a Sentry-compatible DSN (platform/error-report.ts); off when absent. */
  SENTRY_DSN?: string;
  /** An affiliate network's endpoint and token for server-side marketing events (tracking/affiliate.ts). */
  AFFILIATE_ENDPOINT?: string;
  AFFILIATE_TOKEN?: string;
  /** Cloudflare's email sending binding and sender address; mail goes to the outbox without them. */
  EMAIL?: { send(message: unknown): Promise<void> };
  EMAIL_FROM?: string;
  /** A third-party OpenID Connect provider; none is called unless all three are set. */
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_JWKS_URL?: string;
}

/** A message on the EVENTS queue. */
export type ShopEvent =
  | {
      kind: 'client-log';
      level: 'info' | 'warn' | 'error';
      message: string;
      url?: string;
      visitorKey?: string;
      at: number;
    }
  | {
      kind: 'track';
      event: string;
      data: Record<string, unknown>;
      pageUrl: string;
      referrer: string;
      ts: number;
      clientId: string;
      sessionId: string;
      visitorKey: string;
      abTestGroup: string;
      market: string;
      at: number;
    }
  | {
      /** A request the Worker failed (a 500), reported by platform/error-report.ts. */
      kind: 'server-error';
      requestId: string;
      method: string;
      path: string;
      name: string;
      message: string;
      at: number;
    };

/** What the edge middleware learns about a request, available to every route. */
export interface Variables {
  market: Market;
  /** The instalment offers of the payment methods offered here (product page and cart messages, issue 38). */
  instalments: InstalmentOffer[];
  /** The page's language: French under `/fr` on the Canadian site, English otherwise (issue 37). */
  locale: Locale;
  visitorKey: string;
  isBot: boolean;
  debug: boolean;
  /** Set when the referral flag was present without the Year cookie: the client resets its cart. */
  resetCart: boolean;
  requestStart: number;
  /** This request's id (X-Request-Id), on every log line it writes. */
  requestId: string;
  /** The Content-Security-Policy nonce of this response: inline scripts carry it. */
  cspNonce: string;
  /** The page loads Stripe.js (checkout with a card form or a wallet on the card provider): its origins are allowed. */
  stripeJs?: boolean;
  /** The page loads PayPal's JS SDK (its buttons pay PayPal and Pay Later): PayPal's origins are allowed. */
  paypalJs?: boolean;
  signedIn: boolean;
  /** The signed-in member, when the request carries a valid token. */
  member: { accountId: number; email: string; tokenVersion: number; locale: Locale | null } | null;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
