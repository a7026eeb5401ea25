import { taxRepository, type TaxDetailRow, type TaxLineRow } from './repository.ts';
import { detailKey, reversalRepository, type ReversedSoFar } from './reversal-repository.ts';
import type { PlannedLine, ReversalAsk, ReversalPlan } from './reversal-plan.ts';

export type { PlannedLine, ReversalAsk, ReversalPlan } from './reversal-plan.ts';

/**
 * What a refund or a cancellation gives back of an order's tax (issue 39): a refunded line returns
 * exactly the tax charged on it, jurisdiction by jurisdiction, and its price after discounts and
 * points; never the tax of another line or of untaxed shipping. Units are shared out cumulatively
 * (the units refunded so far and these, rounded together, less what was given back before), so
 * refunding every unit in any number of refunds gives back exactly what was charged.
 */

/** Of `whole`, the share of `units` more out of `of` after `before` units, less what was given back already. */
function cumulative(whole: number, before: number, units: number, of: number, givenBack: number): number {
  const upTo = before + units >= of ? whole : Math.round((whole * (before + units)) / of);
  return Math.max(0, Math.min(whole - givenBack, upTo - givenBack));
}

/** A line's units given back, with its jurisdictions' shares. */
function unitsOf(line: TaxLineRow, details: TaxDetailRow[], soFar: ReversedSoFar, units: number): PlannedLine {
  const before = soFar.lines.get(line.lineNo);
  const doneUnits = before?.quantity ?? 0;
  const share = (whole: number, given: number) => cumulative(whole, doneUnits, units, line.quantity, given);
  const planned = details.map((detail) => {
    const given = soFar.details.get(detailKey(detail.lineNo, detail.seq));
    return {
      seq: detail.seq,
      taxableCent: share(detail.taxableCent, given?.taxableCent ?? 0),
      taxCent: share(detail.taxCent, given?.taxCent ?? 0),
      exemptCent: share(detail.exemptCent, given?.exemptCent ?? 0),
    };
  });
  return {
    lineNo: line.lineNo,
    ref: line.ref,
    providerLineRef: line.providerLineRef,
    quantity: units,
    amountCent: share(line.amountCent, before?.amountCent ?? 0),
    taxCent: planned.reduce((sum, detail) => sum + detail.taxCent, 0),
    details: planned,
  };
}

/** A line's share of a refunded amount: a fraction of what is left of its price and of each tax. */
function fractionOf(line: TaxLineRow, details: TaxDetailRow[], soFar: ReversedSoFar, fraction: number): PlannedLine {
  const before = soFar.lines.get(line.lineNo);
  const planned = details.map((detail) => {
    const given = soFar.details.get(detailKey(detail.lineNo, detail.seq));
    return {
      seq: detail.seq,
      taxableCent: Math.round((detail.taxableCent - (given?.taxableCent ?? 0)) * fraction),
      taxCent: Math.round((detail.taxCent - (given?.taxCent ?? 0)) * fraction),
      exemptCent: Math.round((detail.exemptCent - (given?.exemptCent ?? 0)) * fraction),
    };
  });
  return {
    lineNo: line.lineNo,
    ref: line.ref,
    providerLineRef: line.providerLineRef,
    quantity: 0,
    amountCent: Math.round((line.amountCent - (before?.amountCent ?? 0)) * fraction),
    taxCent: planned.reduce((sum, detail) => sum + detail.taxCent, 0),
    details: planned,
  };
}

/** What is left of a line to give back. */
const leftOf = (line: TaxLineRow, soFar: ReversedSoFar) => {
  const before = soFar.lines.get(line.lineNo);
  return {
    units: Math.max(0, line.quantity - (before?.quantity ?? 0)),
    money: Math.max(0, line.amountCent + line.taxCent - (before?.amountCent ?? 0) - (before?.taxCent ?? 0)),
  };
};

/**
 * The reversal a refund or cancellation makes, from the order's tax ledger; null for an order with
 * none (placed before the ledger existed), which the caller refunds as it always did.
 */
export async function planReversal(db: D1Database, orderId: string, ask: ReversalAsk): Promise<ReversalPlan | null> {
  const taxes = taxRepository(db);
  const [lines, details, soFar] = await Promise.all([
    taxes.lines(orderId),
    taxes.details(orderId),
    reversalRepository(db).soFar(orderId),
  ]);
  if (lines.length === 0) return null;
  const detailsOf = (lineNo: number) => details.filter((detail) => detail.lineNo === lineNo);
  let planned: PlannedLine[];
  if (ask.amountCent != null) {
    const left = lines.reduce((sum, line) => sum + leftOf(line, soFar).money, 0);
    const fraction = left > 0 ? Math.min(1, ask.amountCent / left) : 0;
    planned = lines.map((line) => fractionOf(line, detailsOf(line.lineNo), soFar, fraction));
  } else if (ask.all) {
    planned = lines.map((line) => unitsOf(line, detailsOf(line.lineNo), soFar, leftOf(line, soFar).units));
  } else {
    planned = ask.lines.flatMap((asked) => {
      const line = lines.find((candidate) => candidate.lineNo === asked.lineNo);
      return line && asked.quantity > 0 ? [unitsOf(line, detailsOf(line.lineNo), soFar, asked.quantity)] : [];
    });
    const shipping = lines.find((line) => line.lineNo === 0);
    if (ask.shipping && shipping) planned.push(unitsOf(shipping, detailsOf(0), soFar, leftOf(shipping, soFar).units));
  }
  planned = planned.filter((line) => line.quantity > 0 || line.amountCent > 0 || line.taxCent > 0);
  return {
    orderId,
    reference: ask.reference,
    full: Boolean(ask.all) && soFar.count === 0,
    lines: planned,
    amountCent: planned.reduce((sum, line) => sum + line.amountCent, 0),
    taxCent: planned.reduce((sum, line) => sum + line.taxCent, 0),
  };
}

/** Whether a planned reversal still fits beside the order's others (read after a batch failed). */
export async function planFits(db: D1Database, plan: ReversalPlan): Promise<boolean> {
  const taxes = taxRepository(db);
  const [lines, details, soFar] = await Promise.all([
    taxes.lines(plan.orderId),
    taxes.details(plan.orderId),
    reversalRepository(db).soFar(plan.orderId),
  ]);
  return plan.lines.every((planned) => {
    const line = lines.find((candidate) => candidate.lineNo === planned.lineNo);
    const before = soFar.lines.get(planned.lineNo);
    if (!line) return false;
    if ((before?.quantity ?? 0) + planned.quantity > line.quantity) return false;
    if ((before?.amountCent ?? 0) + planned.amountCent > line.amountCent) return false;
    return planned.details.every((detail) => {
      const charged = details.find((row) => row.lineNo === planned.lineNo && row.seq === detail.seq);
      const given = soFar.details.get(detailKey(planned.lineNo, detail.seq));
      return charged !== undefined && (given?.taxCent ?? 0) + detail.taxCent <= charged.taxCent;
    });
  });
}
