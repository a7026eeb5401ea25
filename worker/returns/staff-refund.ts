import { RETURN_REFUNDABLE_STATUSES, RETURN_STATUS_LABEL } from '../../shared/return-status.ts';
import { returnRepository } from './repository.ts';
import type { ReturnRecord } from './records.ts';
import { mergedLines } from './rules.ts';
import { staffReturnRepository } from './staff-repository.ts';
import { notFound, refused, STAFF_RETURN_MSG } from './staff-rules.ts';
import type { RefundReturnInput, StaffReturnResult } from './staff-types.ts';

/**
 * Refunding a return (issue 20), returns' side: the units a form asks to refund, and the claim a
 * refund takes on the return with the form's key first, so two staff refunding it at once make one
 * refund (the refund-return flow, worker/flows/refund-return.ts, does the rest).
 */

type Answer = StaffReturnResult<{ amountCent: number; repeated: boolean }>;

const REFUNDABLE = RETURN_REFUNDABLE_STATUSES;
/** A claim with the same key older than this is an earlier try that stopped midway: it is carried on. */
const CLAIM_STALE_MS = 60_000;
/** How long a repeated form waits for its first try to finish, and how often it looks. */
const WAIT_MS = 10_000;
const POLL_MS = 100;

/** A repeated form's answer: the refund its first try made. */
export const repeatedReturnRefund = (row: ReturnRecord): Answer => ({
  ok: true,
  amountCent: row.refundCent ?? 0,
  repeated: true,
});

/** The units to refund, each a line of the return with at most the units it holds, or why not. */
export function refundUnits(input: RefundReturnInput, held: readonly { lineNo: number; quantity: number }[]) {
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
export async function claimReturnRefund(db: D1Database, returnId: number, key: string, now: number) {
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

/** Gives up a claim whose refund was not made, so the return can be refunded again. */
export function releaseReturnRefund(db: D1Database, returnId: number, key: string): Promise<void> {
  return staffReturnRepository(db).releaseClaim(returnId, key);
}

/** The units a return holds, by line. */
export async function returnUnits(db: D1Database, returnId: number) {
  return (await returnRepository(db).details(returnId)).lines;
}
