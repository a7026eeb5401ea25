import type { UnitOfWork } from '../platform/unit-of-work.ts';
import type { TaxDraft } from './quote.ts';
import { taxRepository } from './repository.ts';
import { reversalRepository } from './reversal-repository.ts';
import { planFits, type ReversalPlan } from './reversal.ts';

/**
 * What the flows write into their units of work for tax (issue 39): an order's tax as it was
 * charged, in the batch that places it; the tax a refund or cancellation gives back, in the batch
 * that records it; and what a refused refund or an unpaid cancellation undoes.
 */

/** The new order's tax ledger, in the batch that writes the order. */
export function orderTaxInto(work: UnitOfWork, orderId: string, draft: TaxDraft, now: number): void {
  work.add(...taxRepository(work.db).recordStatements(orderId, draft, now));
}

/** The guard named when an order's tax was committed meanwhile: its ledger stays as the service has it. */
export const TAX_COMMITTED_GUARD = 'tax committed meanwhile';

/** An uncommitted order's tax figured again for its new address, in the batch that changes it. */
export function replaceOrderTaxInto(work: UnitOfWork, orderId: string, draft: TaxDraft, now: number): void {
  work.guard(TAX_COMMITTED_GUARD, taxRepository(work.db).replaceStatements(orderId, draft, now), async () => {
    return (await taxRepository(work.db).record(orderId))?.status === 'PENDING';
  });
}

/** The guard named when a reversal would give back more tax than was charged (another refund came first). */
export const TAX_REVERSAL_GUARD = 'tax given back beyond what was charged';

/**
 * The tax a refund or cancellation gives back (its reference is unique: a repeat fails the batch),
 * guarded so that the order's reversals together never pass what each line and jurisdiction was charged.
 */
export function taxReversalInto(work: UnitOfWork, plan: ReversalPlan, now: number): void {
  const reversals = reversalRepository(work.db);
  work.guard(TAX_REVERSAL_GUARD, reversals.insertStatements(plan, now), () => planFits(work.db, plan));
}

/** A refund the payment provider refused gives no tax back. */
export function voidTaxReversalInto(work: UnitOfWork, reference: string): void {
  work.add(reversalRepository(work.db).voidStatement(reference));
}

/** An order cancelled before it was paid sold nothing: its tax is never committed. */
export function voidOrderTaxInto(work: UnitOfWork, orderId: string): void {
  work.add(taxRepository(work.db).voidStatement(orderId));
}
