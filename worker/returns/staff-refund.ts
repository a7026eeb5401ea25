import { formatMoney } from '../../shared/money.ts';
import { RETURN_REFUNDABLE_STATUSES, RETURN_STATUS_LABEL } from '../../shared/return-status.ts';
import type { Bindings } from '../env.ts';
import {
  orderEventStatement,
  orderStatusRefreshStatement,
  orderView,
  refundOrderByShop,
  restockStatements,
} from '../orders/service.ts';
import { returnRepository, type ReturnRow } from './repository.ts';
import { mergedLines } from './rules.ts';
import { returnRefundedEmail } from './staff-email.ts';
import { staffReturnRepository } from './staff-repository.ts';
import { notFound, refused, returnOfRma, STAFF_RETURN_MSG, tellShopper, textOf } from './staff.ts';
import type { RefundReturnInput, ReturnActor, StaffReturnResult } from './staff-types.ts';

/**
 * Refunding a return (issue 20) through the order's refund service: some or all of its units, a
 * restocking fee kept, the units back on the shelf when resellable. The return is claimed with the
 * form's key first, so two staff refunding it at once make one refund; a retry with the key
 * answers that refund; a refund the provider refuses gives the claim up so it can be tried again.
 */

type Answer = StaffReturnResult<{ amountCent: number; repeated: boolean }>;

const REFUNDABLE = RETURN_REFUNDABLE_STATUSES;
/** A claim with the same key older than this is an earlier try that stopped midway: it is carried on. */
const CLAIM_STALE_MS = 60_000;
/** How long a repeated form waits for its first try to finish, and how often it looks. */
const WAIT_MS = 10_000;
const POLL_MS = 100;

const repeated = (row: ReturnRow): Answer => ({ ok: true, amountCent: row.refundCent ?? 0, repeated: true });

/** The units to refund, each a line of the return with at most the units it holds, or why not. */
function refundUnits(input: RefundReturnInput, held: readonly { lineNo: number; quantity: number }[]) {
  const asked = Array.isArray(input.lines) ? input.lines : [];
  const whole = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
  if (!asked.every((line) => whole(line?.lineNo) && whole(line?.quantity)))
    return refused(400, STAFF_RETURN_MSG.nothingChosen, 'lines');
  const lines = mergedLines(asked.filter((line) => line.quantity > 0));
  if (lines.length === 0) return refused(400, STAFF_RETURN_MSG.nothingChosen, 'lines');
  for (const line of lines) {
    const holding = held.find((candidate) => candidate.lineNo === line.lineNo);
    if (!holding) return refused(400, STAFF_RETURN_MSG.notInReturn, 'lines');
    if (line.quantity > holding.quantity) return refused(409, STAFF_RETURN_MSG.tooMany, 'lines');
  }
  if (!whole(input.feeCent)) return refused(400, STAFF_RETURN_MSG.fee, 'feeCent');
  return { lines, feeCent: input.feeCent };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the return for this refund: 'claimed' to go on, 'settled' when a try with the same key
 * already refunded it, or why not (someone else is refunding it, or it cannot be refunded now).
 */
async function claim(db: D1Database, returnId: number, key: string, now: number) {
  const staff = staffReturnRepository(db);
  for (let waited = 0; ; waited += POLL_MS) {
    if (await staff.claimForRefund(returnId, key, now)) return 'claimed' as const;
    const held = await staff.refundClaim(returnId);
    if (!held) return notFound();
    if (held.status === 'REFUNDED' && held.refundKey === key) return 'settled' as const;
    if (!REFUNDABLE.includes(held.status))
      return refused(409, STAFF_RETURN_MSG.notRefundable(RETURN_STATUS_LABEL[held.status]));
    if (held.refundKey !== null && held.refundKey !== key) return refused(409, STAFF_RETURN_MSG.refunding);
    // This form's own earlier try (a double click): wait for it, or carry on one that stopped midway.
    if (held.refundKey === key && now - held.updatedAt >= CLAIM_STALE_MS) return 'claimed' as const;
    if (waited >= WAIT_MS) return refused(409, STAFF_RETURN_MSG.stillRefunding);
    await sleep(POLL_MS);
  }
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
  if (row.status === 'REFUNDED' && row.refundKey === key) return repeated(row);
  if (!REFUNDABLE.includes(row.status))
    return refused(409, STAFF_RETURN_MSG.notRefundable(RETURN_STATUS_LABEL[row.status]));
  const units = refundUnits(input, (await returnRepository(env.DB).details(row.id)).lines);
  if ('ok' in units) return units;
  const claimed = await claim(env.DB, row.id, key, now);
  if (claimed === 'settled') return repeated((await returnOfRma(env.DB, rma))!);
  if (claimed !== 'claimed') return claimed;
  const refund = await refundOrderByShop(
    env,
    row.orderId,
    { key, lines: units.lines, amountCent: null, withShipping: false, reason: `Return ${rma}`, feeCent: units.feeCent },
    { staffId: actor.staffId, audit: actor.audit },
    now,
  );
  if (!refund.ok) {
    await staffReturnRepository(env.DB).releaseClaim(row.id, key);
    return refund;
  }
  const settled = { key, amountCent: refund.amountCent, feeCent: units.feeCent, restock: input.restock === true };
  if (!(await settle(env, row, settled, actor.staffId, units.lines, now))) {
    return repeated((await returnOfRma(env.DB, rma))!);
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
  row: ReturnRow,
  refund: { key: string; amountCent: number; feeCent: number; restock: boolean },
  staffId: number,
  lines: { lineNo: number; quantity: number }[],
  now: number,
): Promise<boolean> {
  const staff = staffReturnRepository(env.DB);
  const currency = (await orderView(env.DB, row.orderId))?.currency ?? 'USD';
  const money = (cent: number) => formatMoney({ cent, currency });
  const fee = refund.feeCent > 0 ? money(refund.feeCent) : null;
  const note = `Refunded ${money(refund.amountCent)}${fee ? ` (restocking fee ${fee})` : ''}`;
  try {
    await staff.run([
      ...staff.refundedStatements(row.id, { ...refund, restocked: refund.restock, note }, staffId, now),
      ...(refund.restock ? await restockStatements(env.DB, row.orderId, lines) : []),
      orderStatusRefreshStatement(env.DB, row.orderId, now),
      orderEventStatement(env.DB, row.orderId, `Return ${row.rma} refunded`, now),
    ]);
  } catch (error) {
    const again = await returnOfRma(env.DB, row.rma);
    if (again?.status === 'REFUNDED' && again.refundKey === refund.key) return false;
    throw error;
  }
  await tellShopper(env, row, (to) => returnRefundedEmail(to, { amount: money(refund.amountCent), fee }));
  return true;
}
