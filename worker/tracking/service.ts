import type { ShopEvent } from '../env.ts';
import { marketingAllowed, type PrivacySignals } from '../../shared/tracking.ts';
import { analyticsUrl } from '../../shared/tracking-url.ts';
import { log } from '../platform/log.ts';
import { abTestGroupFor, isAbTestGroup, type AbTestGroup } from './abtest.ts';
import { type ConsumeResult, consumeEventBatch } from './consumer.ts';
import type { TrackMessage } from './events.ts';
import type { AffiliateConfig } from './affiliate.ts';
import type { SinkBindings } from './sink.ts';
import { checkoutVisitorRepository } from './checkout-repository.ts';
import type { CheckoutVisitor } from './records.ts';
import { type PaidOrder, recordPaidOrder as recordPaid } from './paid-orders.ts';

export type { AbTestGroup } from './abtest.ts';
export type { TrackMessage } from './events.ts';
export type { PaidOrder } from './paid-orders.ts';
export { type AnalyticsReport, type FunnelRecord, analyticsReport } from './dashboard.ts';
export { forgetOldAnalytics } from './retention.ts';

/** The visitor's A/B group (§9): the one their cookie remembers, else the one their visitor key gives. */
export function visitorAbTestGroup(stored: string | undefined, visitorKey: string): AbTestGroup {
  return isAbTestGroup(stored) ? stored : abTestGroupFor(visitorKey);
}

/**
 * Best Match's ranking for an A/B group (issue 25): group B gets the variant the settings choose
 * (AB_SEARCH_RANKING_B), groups A1 and A2 the text-relevance ranking. A1 and A2 rank alike on purpose: an
 * A/A pair shows how much two identical groups differ by chance.
 */
export function searchRankingFor(group: AbTestGroup, variantB: 'relevance' | 'popularity'): 'relevance' | 'popularity' {
  return group === 'B' ? variantB : 'relevance';
}

/** Whether marketing calls may run for this shopper (US: GPC and the opt-out; Canada: consent). */
export function marketingAllowedFor(signals: PrivacySignals): boolean {
  return marketingAllowed(signals);
}

export interface ClientLog {
  level: 'info' | 'warn' | 'error';
  message: string;
  url?: string;
}

/**
 * Queues a tracking event for the sink (at-least-once delivery; the sink ignores an id it has). A queue
 * that cannot take it is logged and answered false: tracking never fails the shopper's request.
 */
export async function queueTrackEvent(
  queue: Queue<ShopEvent>,
  event: Omit<TrackMessage, 'kind' | 'at'>,
): Promise<boolean> {
  const message: TrackMessage = { kind: 'track', ...event, at: Date.now() };
  try {
    await queue.send(message);
    return true;
  } catch (cause) {
    log.warn('tracking event not queued', { cause: String(cause), event: event.event });
    return false;
  }
}

/**
 * Reports a paid order from the server, once, when its payment succeeded (§4): order_paid with its total for
 * the dashboard, and the marketing conversion where privacy choices allow it. Never throws.
 */
export function recordPaidOrder(env: { DB: D1Database; EVENTS: Queue<ShopEvent> }, order: PaidOrder) {
  return recordPaid(env, order, queueTrackEvent);
}

/**
 * Keeps the visitor's tracking ids at checkout, for the server's paid-order events (the payment's webhook
 * has no browser behind it). Logged, never thrown: tracking does not fail the shopper's request.
 */
export async function rememberCheckoutVisitor(db: D1Database, visitor: CheckoutVisitor): Promise<void> {
  try {
    await checkoutVisitorRepository(db).remember(visitor);
  } catch (cause) {
    log.warn('checkout ids not kept', { cause: String(cause) });
  }
}

/**
 * Queues browser log lines; the queue consumer writes them to the Worker's log stream. Their page address loses
 * its query as analytics' do (shared/tracking-url.ts): logs are kept too.
 */
export async function recordClientLogs(
  queue: Queue<ShopEvent>,
  entries: ClientLog[],
  visitorKey: string,
): Promise<number> {
  const at = Date.now();
  const lines = entries.map((entry) => ({
    ...entry,
    url: entry.url === undefined ? undefined : analyticsUrl(entry.url),
  }));
  await queue.sendBatch(lines.map((entry) => ({ body: { kind: 'client-log', ...entry, visitorKey, at } as const })));
  return entries.length;
}

/** The EVENTS queue's consumer (worker/index.ts): log lines to the log stream, tracking events to the sink. */
export function consumeEvents(
  batch: MessageBatch<ShopEvent>,
  env: SinkBindings & AffiliateConfig,
): Promise<ConsumeResult> {
  return consumeEventBatch(batch as MessageBatch<unknown>, env);
}
