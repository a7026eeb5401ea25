import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { clientIp } from '../platform/client-ip.ts';
import { orderOwnerFor, type OrderOwner } from './service.ts';

/** The HTTP side the order calls share: who owns the order a request names. */

/** The order's owner once orders' access check passes: a member's session or a guest's order token. */
export function orderOwnerOf(
  c: Context<AppEnv>,
  request: { orderId: string; orderToken?: string | null },
): Promise<OrderOwner> {
  const accountId = c.var.member?.accountId ?? null;
  return orderOwnerFor(c.env, { orderId: request.orderId, ip: clientIp(c), accountId, token: request.orderToken });
}
