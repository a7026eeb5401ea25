import type { ReturnAnswer } from '../../shared/api/returns.ts';
import { RETURNABLE_ORDER_STATUSES } from '../../shared/order-status.ts';
import { RETURN_MSG } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { accessibleOrder, orderView, type OrderAccess } from '../orders/service.ts';
import { MOVED_GUARD, moveOrderInto } from '../orders/writers.ts';
import {
  checkReturnRequest,
  newReturnRow,
  returnOfRequest,
  returnRefusal,
  tellShopperReturnRequested,
  type ReturnRequest,
} from '../returns/service.ts';
import { newReturnInto } from '../returns/writers.ts';

/**
 * Asking for a return (issue 20): shipped units of an order's lines, within the window, with the
 * evidence the reason needs. The return, its lines, its evidence and the order's move to RETURNING
 * are one unit of work whose guards re-check the units, so two submits at once cannot return a unit
 * twice; the form's key makes a retried submit the same return.
 */

/** Asks for a return of units of an order the caller may act on; answers the return (the same one for a retry). */
export async function requestReturn(
  env: Bindings,
  access: OrderAccess,
  request: ReturnRequest,
  now: number,
): Promise<{ created: boolean; answer: ReturnAnswer }> {
  const order = await accessibleOrder(env, access, now);
  const earlier = await returnOfRequest(env, order.id, request.idempotencyKey, now);
  if (earlier) return { created: false, answer: earlier.answer };
  const view = await orderView(env.DB, order.id);
  if (!view || !RETURNABLE_ORDER_STATUSES.includes(order.status)) throw ApiError.badRequest(RETURN_MSG.notReturnable);
  const checked = await checkReturnRequest(env, view, request, now);
  if (checked.problem) throw returnRefusal(checked.problem);
  const row = newReturnRow(order.id, request, checked.text, now);
  const work = unitOfWork(env.DB).explain(
    'returned alongside',
    async () => (await returnOfRequest(env, order.id, request.idempotencyKey, now)) === null,
  );
  const stillOpen = async () => {
    const current = (await orderView(env.DB, order.id)) ?? view;
    return !(await checkReturnRequest(env, current, request, now)).problem;
  };
  newReturnInto(work, row, checked.lines, checked.uploadIds, stillOpen);
  moveOrderInto(work, {
    orderId: order.id,
    event: 'requestReturn',
    to: 'RETURNING',
    now,
    note: `Return ${row.rma} requested`,
  });
  const done = await work.commit();
  if (!done.ok) {
    const raced = await returnOfRequest(env, order.id, request.idempotencyKey, now);
    if (raced) return { created: false, answer: raced.answer };
    if (done.guard === MOVED_GUARD) throw ApiError.badRequest(RETURN_MSG.notReturnable);
    // Something changed between the check and the batch (another submit took the units or the files).
    const again = await checkReturnRequest(env, (await orderView(env.DB, order.id)) ?? view, request, now);
    if (again.problem) throw returnRefusal(again.problem);
    throw done.cause;
  }
  const made = (await returnOfRequest(env, order.id, request.idempotencyKey, now))!;
  await tellShopperReturnRequested(env, view, made.row, order.accountId);
  return { created: true, answer: made.answer };
}
