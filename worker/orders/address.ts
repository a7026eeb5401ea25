import { ADDRESS_CHANGEABLE_STATUSES } from '../../shared/order-status.ts';
import type { AddressFields } from '../../shared/address.ts';
import { marketById } from '../../shared/markets.ts';
import type { OrderView } from '../../shared/orders.ts';
import { isRemotePostalCode } from '../../shared/shipping.ts';
import { orderTaxLines, taxTotal } from '../../shared/tax.ts';
import { postalCodeProblem } from '../../shared/validation.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository, type OrderRow } from './repository.ts';
import { paymentUnderWay } from '../payments/service.ts';
import { checkAddress } from '../checkout/service.ts';
import { shippingQuote } from '../shipping/service.ts';
import type { Bindings } from '../env.ts';
import { accessibleOrder, type OrderAccess } from './access.ts';

/** Changing where an order ships (§7 auth/order/address and the express-checkout order update). */

export const ADDRESS_CHANGE_MSG = {
  shipped: 'This order has already shipped; its address can no longer be changed.',
  paying: 'A payment for this order is in progress. Please finish or cancel it before changing the address.',
  taxChanges:
    'Shipping this paid order to that address would change its tax. Please cancel the order and place it again.',
  shippingChanges:
    'Shipping this paid order to that address would change its shipping cost. ' +
    'Please cancel the order and place it again.',
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
  also: D1PreparedStatement[] = [],
): Promise<void> {
  if (!ADDRESS_CHANGEABLE_STATUSES.includes(order.status)) throw ApiError.badRequest(ADDRESS_CHANGE_MSG.shipped);
  const market = marketById(order.market);
  await checkAddress(db, market, address);
  const before = JSON.parse(order.address) as AddressFields;
  if (isRemotePostalCode(market.id, before.postalCode) !== isRemotePostalCode(market.id, address.postalCode)) {
    throw new ApiError(409, 409, ADDRESS_CHANGE_MSG.shippingChanges);
  }
  const taxes = orderTaxLines(market.id, address.regionCode, {
    subtotal: order.subtotalCent,
    discount: order.discountCent,
    points: order.pointsCent,
    shipping: order.shippingCent,
    shippingDiscount: order.shippingDiscountCent,
  });
  const tax = taxTotal(taxes);
  const paid = order.paidAt !== null;
  if (paid && tax !== order.taxCent) throw new ApiError(409, 409, ADDRESS_CHANGE_MSG.taxChanges);
  const open = (await paymentUnderWay(db, order.id)) !== undefined;
  if (!paid && open && tax !== order.taxCent) throw new ApiError(409, 409, ADDRESS_CHANGE_MSG.paying);
  const total = order.totalCent - order.taxCent + tax;
  const orders = orderRepository(db);
  await orders.run([
    ...orders.addressChangeStatements(
      order,
      { address: JSON.stringify(address), taxCent: tax, totalCent: total, taxes },
      now,
    ),
    orders.eventStatement(
      order.id,
      order.status,
      `Shipping address changed to ${address.city}, ${address.regionCode}`,
      now,
    ),
    ...also,
  ]);
}

/**
 * Moves an order that has not shipped to another address for the shop (the back office), with the
 * staff member's audit entry in the same batch; the same rules as the shopper's change apply.
 * Answers null when done, else the status and message of the refusal.
 */
export async function changeAddressForShop(
  db: D1Database,
  orderId: string,
  address: AddressFields,
  audit: D1PreparedStatement,
  now: number,
): Promise<{ status: 400 | 404 | 409; message: string } | null> {
  const order = await orderRepository(db).byId(orderId);
  if (!order) return { status: 404, message: 'This order could not be found.' };
  try {
    await changeOrderAddress(db, order, address, now, [audit]);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.httpCode === 409 ? 409 : 400, message: error.message };
    throw error;
  }
}

type Env = Pick<Bindings, 'DB' | 'RATE_LIMITER'>;

/** Moves the order this session or token opens to another address (see changeOrderAddress); answers the order. */
export async function moveOrder(
  env: Env,
  access: OrderAccess,
  address: AddressFields,
  now: number,
): Promise<OrderView> {
  const order = await accessibleOrder(env, access, now);
  await changeOrderAddress(env.DB, order, address, now);
  return (await orderRepository(env.DB).view(order.id))!;
}

/** The shipping options (with cost) a wallet's sheet offers the order for a postal code. */
export async function expressShippingOptions(env: Env, access: OrderAccess, postCode: string) {
  const db = env.DB;
  const order = await accessibleOrder(env, access);
  const problem = postalCodeProblem(postCode, order.market);
  if (problem) throw ApiError.badRequest(`postCode ${problem}`);
  const quantity = (await orderRepository(db).lines(order.id)).reduce((sum, line) => sum + line.quantity, 0);
  const quote = shippingQuote(order.market, postCode, quantity);
  return {
    options: quote.options.map((option) => ({ name: option.name, cost: option.cost.cent })),
    chosen: quote.chosen?.name ?? null,
  };
}
