/**
 * Core deposits (issue 40, item 3): a part sold against the return of the old one carries a
 * refundable core charge. The cart and checkout add it beside the part (never discounted: promotions
 * price the part alone), the order keeps it as a line of its own after the parts, taxed as a line, and
 * a core return gives exactly that line back through the order's payment provider.
 */
import { formatMoney, type Money } from './money.ts';
import * as m from './i18n/generated/messages.js';

/** The item type of an order's core deposit line. */
export const CORE_LINE_TYPE = 'CORE';

/** The returns reason of a core return: the old part coming back for its deposit, no evidence asked. */
export const CORE_RETURN_REASON = 'Core return' as const;

/** How long after delivery (else shipping) the old part may come back for its deposit. */
export const CORE_RETURN_DAYS = 90;

/** What the back office is told about core returns (English, as the back office speaks). */
export const CORE_STAFF_MSG = {
  noFee: 'A core charge is refunded in full: no restocking fee is kept on a core return.',
} as const;

/** A line that is a core deposit. */
export const isCoreLine = (line: { itemType: string }) => line.itemType === CORE_LINE_TYPE;

/** The core charges of a cart's usable lines: each unit's charge times its units. */
export function coreChargesOf(lines: readonly { usable: boolean; itemCount: number; coreCharge: number | null }[]) {
  return lines.reduce((sum, line) => sum + (line.usable && line.coreCharge ? line.coreCharge * line.itemCount : 0), 0);
}

/**
 * The core deposits of a cart's lines, in the order the order writes them after its parts: each usable
 * line with a core charge, with its line number (1-based, the parts' order) and the deposit's amount.
 */
export function depositsOf<T extends { usable: boolean; itemCount: number; coreCharge: number | null }>(
  items: readonly T[],
) {
  return items.flatMap((item, index) =>
    item.usable && item.coreCharge
      ? [{ item, partLineNo: index + 1, quantity: item.itemCount, amountCent: item.coreCharge * item.itemCount }]
      : [],
  );
}

/** "+ $45.00 refundable core charge" (each, for more than one unit). */
export function coreChargeWords(charge: Money, units = 1): string {
  const amount = formatMoney(charge);
  return units > 1 ? m.core_charge_each_many({ amount }) : m.core_charge_each({ amount });
}

/** The order line's title for a part's core deposit, in the language the order is placed in. */
export const coreLineTitle = (title: string) => m.core_line_title({ title });
