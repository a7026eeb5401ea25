import type { ReturnStatus } from '../../shared/return-status.ts';
import type { StillHolds, UnitOfWork } from '../platform/unit-of-work.ts';
import { returnRepository } from './repository.ts';
import type { NewReturn } from './records.ts';
import { staffReturnRepository } from './staff-repository.ts';

/** Returns' writers for a flow's unit of work (worker/flows/): a new return, a decision on one, its refund. */

/** The guard named when a return's units or evidence were taken by another return meanwhile. */
export const RETURN_UNITS_GUARD = 'return units';
/** The guard named when another decision moved the return first, or another claim refunded it. */
export const RETURN_MOVED_GUARD = 'return moved';

/** A return with its lines, evidence and first history line; guarded on the units each line shipped. */
export function newReturnInto(
  work: UnitOfWork,
  row: NewReturn,
  lines: { lineNo: number; quantity: number; shipped: number }[],
  uploadIds: readonly string[],
  stillHolds: StillHolds,
): void {
  work.guard(RETURN_UNITS_GUARD, returnRepository(work.db).createStatements(row, lines, uploadIds), stillHolds);
}

/** A staff decision moving the return from the status it was read in, with who acted; guarded that it moved. */
export function returnDecisionInto(
  work: UnitOfWork,
  returnId: number,
  move: { from: readonly ReturnStatus[]; to: ReturnStatus; note: string | null; staffId: number; now: number },
  set: { instructions: string | null; labelNumber: string | null } | null | undefined,
  stillHolds: StillHolds,
): void {
  work.guard(
    RETURN_MOVED_GUARD,
    staffReturnRepository(work.db).decisionStatements(returnId, move, set ?? null),
    stillHolds,
  );
}

/** The claimed return settled as REFUNDED with its amounts; guarded that this claim still holds it. */
export function returnRefundedInto(
  work: UnitOfWork,
  returnId: number,
  refund: { key: string; amountCent: number; feeCent: number; restocked: boolean; note: string },
  staffId: number,
  now: number,
  stillHolds: StillHolds,
): void {
  work.guard(
    RETURN_MOVED_GUARD,
    staffReturnRepository(work.db).refundedStatements(returnId, refund, staffId, now),
    stillHolds,
  );
}
