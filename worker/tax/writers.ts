import type { UnitOfWork } from '../platform/unit-of-work.ts';
import type { TaxDraft } from './quote.ts';
import { taxRepository } from './repository.ts';

/**
 * What the flows write into their units of work for tax (issue 39): an order's tax as it was
 * charged, line by line and jurisdiction by jurisdiction, in the batch that places the order.
 */

/** The new order's tax ledger, in the batch that writes the order. */
export function orderTaxInto(work: UnitOfWork, orderId: string, draft: TaxDraft, now: number): void {
  work.add(...taxRepository(work.db).recordStatements(orderId, draft, now));
}
