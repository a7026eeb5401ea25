import type { Market } from '../shared/markets.ts';

/** The Worker's bindings (wrangler.toml). */
export interface Bindings {
  DB: D1Database;
  SETTINGS: KVNamespace;
  MEDIA: R2Bucket;
  EVENTS: Queue<ShopEvent>;
  ASSETS: Fetcher;
  SHOP_ID: string;
  US_ORIGIN: string;
  CA_ORIGIN: string;
}

/** A message on the EVENTS queue. */
export type ShopEvent =
  | { kind: 'client-log'; level: 'info' | 'warn' | 'error'; message: string; url?: string; visitorKey?: string; at: number };

/** What the edge middleware learns about a request, available to every route. */
export interface Variables {
  market: Market;
  visitorKey: string;
  isBot: boolean;
  debug: boolean;
  /** Set when the referral flag was present without the Year cookie: the client resets its cart. */
  resetCart: boolean;
  requestStart: number;
  signedIn: boolean;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
