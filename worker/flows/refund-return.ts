import { RETURN_REFUNDABLE_STATUSES, RETURN_STATUS_LABEL } from '../../shared/return-status.ts';
import { formatMoney } from '../../shared/money.ts';
import { returnRefundReason } from '../../shared/returns.ts';
import { CORE_RETURN_REASON, CORE_STAFF_MSG } from '../../shared/core-charges.ts';
import type { Bindings } from '../env.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { giveBackStockInto, unitsBySku } from '../catalog/writers.ts';
import { orderLinesOf, orderView } from '../orders/service.ts';
import { orderNoteInto, refreshStatusInto } from '../orders/writers.ts';
import {
  STAFF_RETURN_MSG,
  claimReturnRefund,
  notFound,
  refundUnits,
  refused,
  releaseReturnRefund,
  repeatedReturnRefund,
  returnOfRma,
  returnRefundedEmail,
  returnUnits,
  tellShopperAboutReturn,
  textOf,
  type RefundReturnInput,
  type ReturnActor,
  type ReturnRecord,
  type StaffReturnResult,
} from '../returns/staff.ts';
import { returnRefundedInto } from '../returns/writers.ts';
import { refundOrderByShop } from './refund-order.ts';

/**
 * Refunding a return (issue 20) through the order's refund flow: some or all of its units, a
 * restocking fee kept, the units back on the shelf when resellable. The return is claimed with the
 * form's key first, so two staff refunding it at once make one refund; a retry with the key answers
 * that refund; a refund the provider refuses gives the claim up so it can be tried again.
 */

type Answer = StaffReturnResult<{ amountCent: number; repeated: boolean }>;

/** The SKUs and units of an order's lines, for putting returned units back on the shelf. */
async function unitsOfLines(db: D1Database, orderId: string, units: readonly { lineNo: number; quantity: number }[]) {
  const lines = await orderLinesOf(db, orderId);
  return unitsBySku(
    units.flatMap((unit) => {
      const line = lines.find((candidate) => candidate.lineNo === unit.lineNo);
      return line ? [{ skuId: line.skuId, quantity: unit.quantity }] : [];
    }),
  );
}

/** Refunds units of an approved or received return, less a restocking fee; the return is then REFUNDED. */
export async function refundReturn(
  env: Bindings,
  rma: string,
  input: RefundReturnInput,
  actor: ReturnActor,
  now: number,
): Promise<Answer> {
  const row = await returnOfRma(env.DB, rma);
  if (!row) return notFound();
  const key = textOf(input.key);
  if (key.length < 8 || key.length > 100) return refused(400, STAFF_RETURN_MSG.key, 'key');
  if (row.status === 'REFUNDED' && row.refundKey === key) return repeatedReturnRefund(row);
  if (!RETURN_REFUNDABLE_STATUSES.includes(row.status))
    return refused(409, STAFF_RETURN_MSG.notRefundable(RETURN_STATUS_LABEL[row.status]));
  const units = refundUnits(input, await returnUnits(env.DB, row.id));
  if ('ok' in units) return units;
  // A core return (issue 40) gives the deposit back whole, and a used core never goes back on the shelf.
  const core = row.reason === CORE_RETURN_REASON;
  if (core && units.feeCent > 0) return refused(400, CORE_STAFF_MSG.noFee, 'feeCent');
  const claimed = await claimReturnRefund(env.DB, row.id, key, now);
  if (claimed === 'settled') return repeatedReturnRefund((await returnOfRma(env.DB, rma))!);
  if (claimed !== 'claimed') return claimed;
  const refund = await refundOrderByShop(
    env,
    row.orderId,
    {
      key,
      lines: units.lines,
      amountCent: null,
      withShipping: false,
      reason: returnRefundReason(rma),
      feeCent: units.feeCent,
    },
    { staffId: actor.staffId, audit: actor.audit },
    now,
  );
  if (!refund.ok) {
    await releaseReturnRefund(env.DB, row.id, key);
    return refund;
  }
  const settled = {
    key,
    amountCent: refund.amountCent,
    feeCent: units.feeCent,
    restock: !core && input.restock === true,
  };
  if (!(await settle(env, row, settled, actor.staffId, units.lines, now))) {
    return repeatedReturnRefund((await returnOfRma(env.DB, rma))!);
  }
  return { ok: true, amountCent: refund.amountCent, repeated: refund.repeated };
}

/**
 * The return REFUNDED with its amounts, its units back in stock when resellable, and the order's
 * history and status, in one batch; then the shopper's email. Answers false when a try with the
 * same key settled it first.
 */
async function settle(
  env: Bindings,
  row: ReturnRecord,
  refund: { key: string; amountCent: number; feeCent: number; restock: boolean },
  staffId: number,
  lines: { lineNo: number; quantity: number }[],
  now: number,
): Promise<boolean> {
  const currency = (await orderView(env.DB, row.orderId))?.currency ?? 'USD';
  const money = (cent: number) => formatMoney({ cent, currency });
  const fee = refund.feeCent > 0 ? money(refund.feeCent) : null;
  const note = `Refunded ${money(refund.amountCent)}${fee ? ` (restocking fee ${fee})` : ''}`;
  const work = unitOfWork(env.DB);
  const settledAlready = async () => {
    const again = await returnOfRma(env.DB, row.rma);
    return !(again?.status === 'REFUNDED' && again.refundKey === refund.key);
  };
  returnRefundedInto(work, row.id, { ...refund, restocked: refund.restock, note }, staffId, now, settledAlready);
  if (refund.restock) giveBackStockInto(work, await unitsOfLines(env.DB, row.orderId, lines));
  refreshStatusInto(work, row.orderId, now);
  orderNoteInto(work, row.orderId, `Return ${row.rma} refunded`, now);
  if (!(await work.commit()).ok) return false;
  // Built in the order's language: its amounts as that language writes them.
  const amounts = () => ({ amount: money(refund.amountCent), fee: refund.feeCent > 0 ? money(refund.feeCent) : null });
  await tellShopperAboutReturn(env, row, (to) => returnRefundedEmail(to, amounts()));
  return true;
}
