import type { AddressFields } from '../../shared/address.ts';
import { marketById } from '../../shared/markets.ts';
import { isRemotePostalCode } from '../../shared/shipping.ts';
import { taxLines, taxTotal } from '../../shared/tax.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository, type OrderRow } from './repository.ts';
import { paymentRepository } from '../payments/repository.ts';
import { checkAddress } from '../checkout/service.ts';

/** Changing where an order ships (§7 auth/order/address and the express-checkout order update). */

export const ADDRESS_CHANGE_MSG = {
  shipped: 'This order has already shipped; its address can no longer be changed.',
  paying: 'A payment for this order is in progress. Please finish or cancel it before changing the address.',
  taxChanges:
    'Shipping this paid order to that address would change its tax. Please cancel the order and place it again.',
  shippingChanges:
    'Shipping this paid order to that address would change its shipping cost. Please cancel the order and place it again.',
} as const;

/**
 * Moves an order to another address in its market. An unpaid order is re-taxed for the new
 * state or province (its total follows); a paid one may move only where its tax and shipping
 * stay the same, so the amount charged is always the amount owed.
 */
export async function changeOrderAddress(
  db: D1Database,
  order: OrderRow,
  address: AddressFields,
  now: number,
): Promise<void> {
  if (!['PAYMENT_PENDING', 'PENDING', 'PROCESSING'].includes(order.status))
    throw ApiError.badRequest(ADDRESS_CHANGE_MSG.shipped);
  const market = marketById(order.market);
  await checkAddress(db, market, address);
  const before = JSON.parse(order.address) as AddressFields;
  if (isRemotePostalCode(market.id, before.postalCode) !== isRemotePostalCode(market.id, address.postalCode)) {
    throw new ApiError(409, 409, ADDRESS_CHANGE_MSG.shippingChanges);
  }
  const taxable = Math.max(0, order.subtotalCent - order.discountCent - order.pointsCent);
  const taxes = taxLines(market.id, address.regionCode, taxable, order.shippingCent - order.shippingDiscountCent);
  const tax = taxTotal(taxes);
  const paid = order.paidAt !== null;
  if (paid && tax !== order.taxCent) throw new ApiError(409, 409, ADDRESS_CHANGE_MSG.taxChanges);
  const open = (await paymentRepository(db).listForOrder(order.id)).some((payment) =>
    ['CREATED', 'REQUIRES_ACTION', 'PROCESSING'].includes(payment.status),
  );
  if (!paid && open && tax !== order.taxCent) throw new ApiError(409, 409, ADDRESS_CHANGE_MSG.paying);
  const total = order.totalCent - order.taxCent + tax;
  await orderRepository(db).run([
    db
      .prepare(
        `UPDATE orders SET address = ?, tax_cent = ?, total_cent = ?, updated_at = ? WHERE id = ? AND status = ?`,
      )
      .bind(JSON.stringify(address), tax, total, now, order.id, order.status),
    db.prepare(`DELETE FROM order_tax WHERE order_id = ?`).bind(order.id),
    ...taxes.map((line, seq) =>
      db
        .prepare(`INSERT INTO order_tax (order_id, seq, name, rate_label, amount_cent) VALUES (?, ?, ?, ?, ?)`)
        .bind(order.id, seq, line.name, line.rateLabel, line.amountCent),
    ),
    orderRepository(db).eventStatement(
      order.id,
      order.status,
      `Shipping address changed to ${address.city}, ${address.regionCode}`,
      now,
    ),
  ]);
}
