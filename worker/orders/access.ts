import { ORDER_MSG } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import type { Bindings } from '../env.ts';
import { enforce, type Rule } from '../platform/rate-limit.ts';
import { accessRepository } from './access-repository.ts';
import { signOrderToken, verifyOrderToken } from './access-token.ts';
import type { OrderOwner } from './owner.ts';
import { orderStatusOf } from './payment-status.ts';
import { orderRepository } from './repository.ts';
import type { OrderRecord } from './records.ts';
import { ORDER_NUMBER } from './schemas.ts';

/**
 * Who may act on a placed order: a member on their own orders through their session, a guest
 * on theirs through the order-access token issued at placement. The order number and email
 * alone open nothing but public tracking. Every lookup counts against the caller's IP and the
 * order, so numbers and tokens cannot be guessed at speed.
 */

const MINUTE = 60_000;
/** Lookups of orders by one IP and of one order; the result page polls about every 1.5 s for two minutes. */
export const ORDER_ACCESS_RULES = {
  perIp: { limit: 300, windowMs: 10 * MINUTE },
  perOrder: { limit: 200, windowMs: 10 * MINUTE },
} satisfies Record<string, Rule>;
/** The status ping needs no credential, so it is limited harder. */
export const PING_RULES = {
  perIp: { limit: 120, windowMs: 10 * MINUTE },
  perOrder: { limit: 120, windowMs: 10 * MINUTE },
} satisfies Record<string, Rule>;

/** What a caller shows to reach an order: its number, the IP it came from, a member's session or a guest's token. */
export interface OrderAccess {
  orderId: string;
  ip: string;
  accountId: number | null;
  token?: string | null;
  /** The token the order's emailed link left in the browser's cookie, tried when `token` does not open it. */
  keptToken?: string | null;
}

type Env = Pick<Bindings, 'DB' | 'RATE_LIMITER'>;

/** Counts one lookup per IP and per order; a 429 past either limit. */
function countLookup(env: Env, prefix: string, rules: typeof ORDER_ACCESS_RULES, ip: string, orderId: string) {
  return enforce(env.RATE_LIMITER, [
    { key: `${prefix}:ip:${ip}`, rule: rules.perIp },
    { key: `${prefix}:order:${orderId}`, rule: rules.perOrder },
  ]);
}

/** Whether the session or token opens the order: a member's order only its member's, a guest's only its token. */
async function opens(db: D1Database, order: OrderRecord, access: OrderAccess, now: number): Promise<boolean> {
  if (order.accountId !== null) return access.accountId === order.accountId;
  const tokens = [access.token, access.keptToken].filter((token): token is string => Boolean(token));
  if (tokens.length === 0) return false;
  const key = await accessRepository(db).accessKey(order.id);
  if (key === null) return false;
  for (const token of tokens) if (await verifyOrderToken(key, order.id, token, now)) return true;
  return false;
}

/** The order this caller may act on, after counting the lookup; anything else is the same 404 as an unknown order. */
export async function accessibleOrder(env: Env, access: OrderAccess, now = Date.now()): Promise<OrderRecord> {
  if (!ORDER_NUMBER.test(access.orderId)) throw ApiError.notFound(ORDER_MSG.notFound);
  await countLookup(env, 'order', ORDER_ACCESS_RULES, access.ip, access.orderId);
  const order = await orderRepository(env.DB).byId(access.orderId);
  if (!order || !(await opens(env.DB, order, access, now))) throw ApiError.notFound(ORDER_MSG.notFound);
  return order;
}

/**
 * The access check as the owner the payment calls take: only an order the session or token
 * opens yields one, and it names the order's own member or email, nothing the caller typed.
 */
export async function orderOwnerFor(env: Env, access: OrderAccess, now = Date.now()): Promise<OrderOwner> {
  const order = await accessibleOrder(env, access, now);
  return order.accountId !== null
    ? { accountId: order.accountId, email: null }
    : { accountId: null, email: order.email };
}

/** The status ping: rate limited per IP and per order, and it tells nothing but the status. */
export async function orderPing(env: Env, ip: string, orderId: string) {
  await countLookup(env, 'ping', PING_RULES, ip, orderId);
  return orderStatusOf(env.DB, orderId);
}

/** The token a guest acts on their order with; null for a member's order (their session is the way in). */
export async function guestOrderToken(
  db: D1Database,
  order: { orderId: string; accountId: number | null },
  now: number,
): Promise<string | null> {
  if (order.accountId !== null) return null;
  const key = await accessRepository(db).accessKey(order.orderId);
  return key ? signOrderToken(key, order.orderId, now) : null;
}
