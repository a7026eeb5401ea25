import { isCoreLine } from '../../shared/core-charges.ts';
import {
  CANCELLABLE_STATUSES,
  HOLDING_STATUSES,
  type OrderEvent,
  type OrderStatus,
} from '../../shared/order-status.ts';
import { ORDER_MSG } from '../../shared/orders.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AuditEntry } from '../platform/audit.ts';
import { mailerFor } from '../platform/email.ts';
import { catalogChanged } from '../platform/recent-reads.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { giveBackStockInto, unitsBySku } from '../catalog/writers.ts';
import { pointsEntryInto } from '../members/writers.ts';
import { expiredHolds, moveOrderInto, orderCancelledEmail, orderEmailContext } from '../orders/writers.ts';
import {
  orderLinesOf,
  orderOwnerFor,
  orderRecord,
  orderView,
  ownedOrder,
  type OrderAccess,
  type OrderOwner,
  type OrderRecord,
} from '../orders/service.ts';
import type { FulfilResult } from '../orders/staff.ts';
import { refundOrderPayments, voidOpenPayments } from '../payments/service.ts';
import { releasePromotionUsesInto } from '../promotions/writers.ts';
import { planReversal, reversalByReference, type TaxEnv } from '../tax/service.ts';
import { taxReversalInto, voidOrderTaxInto } from '../tax/writers.ts';
import { queueTaxJob } from './commit-tax.ts';

/**
 * Cancelling an order before it ships: by its shopper, by the shop, or by the cron when an unpaid
 * order's stock hold runs out. One batch moves it to CANCELLED only from the statuses it may leave
 * and gives back what it took (stock, points spent and earned, promotion uses); of two racing, one
 * cancels. Then an open payment window closes and what was paid is refunded in full.
 */

const SHOP_MSG = { notCancellable: 'Only an order that has not shipped can be cancelled.' } as const;

/** The tax reversal of an order's cancellation (one per order: it is cancelled once). */
const cancelReference = (orderId: string) => `cancel-${orderId}`;

/** Sends the tax a paid order's cancellation gave back to the tax service (queued). */
async function queueCancelReversal(env: Pick<TaxEnv, 'DB' | 'TAX_JOBS'>, orderId: string): Promise<void> {
  const reversal = await reversalByReference(env.DB, cancelReference(orderId));
  if (reversal) await queueTaxJob(env, { kind: 'reverse', reversalId: reversal.id });
}

/**
 * Moves the order to CANCELLED and gives back what it took, in one batch (with the staff member's
 * audit entry when the shop cancels). False when it had moved on meanwhile.
 */
async function cancelled(
  db: D1Database,
  order: OrderRecord,
  how: { event: OrderEvent; from: readonly OrderStatus[]; note: string; now: number; audit?: AuditEntry },
): Promise<boolean> {
  const { now } = how;
  const work = unitOfWork(db);
  moveOrderInto(work, {
    orderId: order.id,
    event: how.event,
    from: how.from,
    to: 'CANCELLED',
    now,
    note: how.note,
    cancelledAt: now,
  });
  // The parts go back on the shelf; a core deposit line names its part but took no unit of it.
  giveBackStockInto(work, unitsBySku((await orderLinesOf(db, order.id)).filter((line) => !isCoreLine(line))));
  if (order.accountId !== null) {
    const reversal = { accountId: order.accountId, reason: 'REFUND' as const, reference: order.id, now };
    pointsEntryInto(work, { ...reversal, points: order.pointsUsed });
    pointsEntryInto(work, { ...reversal, points: -order.pointsEarned });
  }
  releasePromotionUsesInto(work, order.id);
  // A paid order gives back all the tax it was charged; an unpaid one sold nothing: its tax is never committed.
  if (order.paidAt !== null) {
    const ask = { reference: cancelReference(order.id), lines: [], shipping: true, all: true };
    const plan = await planReversal(db, order.id, ask);
    if (plan && plan.lines.length > 0) taxReversalInto(work, plan, now);
  } else voidOrderTaxInto(work, order.id);
  if (how.audit) work.audit(how.audit);
  if (!(await work.commit()).ok) return false;
  catalogChanged(); // stock went back on the shelf
  return true;
}

/**
 * Cancels an order for its owner while it has not shipped: what it took goes back, an open payment
 * window closes, a paid order is refunded in full.
 */
export async function cancelAndRefund(env: Bindings, orderId: string, owner: OrderOwner, now: number) {
  const order = await ownedOrder(env.DB, orderId, owner);
  if (order.status !== 'CANCELLED') {
    if (!CANCELLABLE_STATUSES.includes(order.status)) throw ApiError.badRequest(ORDER_MSG.notCancellable);
    const how = { event: 'cancel' as const, from: CANCELLABLE_STATUSES, note: 'Cancelled by the shopper', now };
    if (!(await cancelled(env.DB, order, how))) throw ApiError.badRequest(ORDER_MSG.notCancellable);
  }
  // A window still open could take money for an order that no longer exists: it closes first.
  await voidOpenPayments(env, {}, order.id);
  const refunded = order.paidAt !== null ? await refundOrderPayments(env, order.id) : false;
  if (order.paidAt !== null) await queueCancelReversal(env, order.id);
  return { orderId: order.id, status: 'CANCELLED' as const, refunded };
}

/** Cancels (and refunds) the order the caller may act on: a member's session, a guest's token. */
export async function cancelForShopper(env: Bindings, access: OrderAccess, now: number) {
  return cancelAndRefund(env, access.orderId, await orderOwnerFor(env, access, now), now);
}

/**
 * Cancels an order that has not shipped, for the shop (the back office), with the staff member's
 * audit entry in the same batch; the shopper is emailed.
 */
export async function cancelForShop(
  env: Bindings,
  orderId: string,
  audit: AuditEntry,
  now: number,
): Promise<FulfilResult<{ refunded: boolean }>> {
  const order = await orderRecord(env.DB, orderId);
  const refused = { ok: false as const, status: 409 as const, message: SHOP_MSG.notCancellable };
  if (!order) return { ...refused, status: 404 };
  if (!CANCELLABLE_STATUSES.includes(order.status)) return refused;
  const how = { event: 'cancel' as const, from: CANCELLABLE_STATUSES, note: 'Cancelled by the shop', now, audit };
  if (!(await cancelled(env.DB, order, how))) return refused;
  await voidOpenPayments(env, {}, orderId);
  const refunded = order.paidAt !== null ? await refundOrderPayments(env, orderId) : false;
  if (order.paidAt !== null) await queueCancelReversal(env, orderId);
  const view = await orderView(env.DB, orderId);
  if (view) {
    const { shop, orderUrl, speak } = await orderEmailContext(env, orderId, view.market);
    await (await mailerFor(env)).send(speak(() => orderCancelledEmail(view, shop, refunded, orderUrl)));
  }
  return { ok: true, refunded };
}

/**
 * The cron's work: unpaid orders whose stock hold ran out are cancelled and their stock goes back.
 * Answers how many.
 */
export async function releaseExpiredHolds(db: D1Database, now: number): Promise<number> {
  let released = 0;
  for (const order of await expiredHolds(db, now)) {
    const note = 'Not paid in time: the parts went back on the shelf';
    if (await cancelled(db, order, { event: 'expire', from: HOLDING_STATUSES, note, now })) released++;
  }
  return released;
}
