import type { AddressFields } from '../../shared/address.ts';
import { marketById } from '../../shared/markets.ts';
import { ADDRESS_CHANGEABLE_STATUSES } from '../../shared/order-status.ts';
import type { OrderView } from '../../shared/orders.ts';
import { isRemotePostalCode } from '../../shared/shipping.ts';
import { orderTaxLines, taxTotal } from '../../shared/tax.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AuditEntry } from '../platform/audit.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { checkAddress } from '../checkout/service.ts';
import { emissionsOfItems, shippingClassesOfItems } from '../catalog/service.ts';
import { routeRefusal } from '../../shared/shipping-limits.ts';
import { vehiclePath } from '../vehicles/service.ts';
import { emissionsRefusal, emissionsRefusalText } from '../../shared/regulated-parts.ts';
import {
  ADDRESS_CHANGE_MSG,
  accessibleOrder,
  orderRecord,
  orderView,
  type OrderAccess,
  type OrderRecord,
} from '../orders/service.ts';
import { addressChangeInto } from '../orders/writers.ts';
import { paymentUnderWay } from '../payments/service.ts';
import { retaxOrder, type TaxEnv } from '../tax/service.ts';
import { replaceOrderTaxInto } from '../tax/writers.ts';

/**
 * Changing where an order ships (§7 auth/order/address, the express-checkout order update, the back
 * office). An unpaid order is re-taxed for the new state or province (its total follows); a paid one
 * may move only where its tax and shipping stay the same, so the amount charged is always the amount
 * owed. The change holds only while the order is still in the status it was read in.
 */

/**
 * Refuses to move an order where one of its parts may not be shipped (issue 40): a 49-state converter
 * placed to Texas does not go to California by a change of address, naming the part; nor a battery
 * to Hawaii, nor a battery sent by air to Alaska (its option must still be offered there).
 */
async function assertLegalAt(db: D1Database, order: OrderRecord, address: AddressFields): Promise<void> {
  const view = await orderView(db, order.id);
  const lines = view?.lines ?? [];
  const itemIds = lines.map((line) => line.itemId);
  const [facts, classes] = await Promise.all([emissionsOfItems(db, itemIds), shippingClassesOfItems(db, itemIds)]);
  if (classes.size > 0) {
    const limited = lines.map((line) => ({
      key: String(line.itemId),
      title: line.title,
      quantity: line.quantity,
      hazmat: classes.get(line.itemId)?.hazmat ?? null,
      sizeClass: classes.get(line.itemId)?.sizeClass ?? null,
    }));
    const refusal = routeRefusal(order.market, order.shippingName, limited, address);
    if (refusal) throw new ApiError(409, 409, refusal);
  }
  if (facts.size === 0) return;
  const to = { market: order.market, regionCode: address.regionCode };
  const vehicle = order.vehicleId ? await vehiclePath(db, order.vehicleId).catch(() => null) : null;
  for (const line of lines) {
    const rule = emissionsRefusal(facts.get(line.itemId) ?? null, to, vehicle?.modelYear ?? null);
    if (rule) throw new ApiError(409, 409, emissionsRefusalText(line.title, rule));
  }
}

/** Moves an order to another address in its market, with the staff member's audit entry when the shop does it. */
async function changeOrderAddress(
  env: TaxEnv,
  order: OrderRecord,
  address: AddressFields,
  now: number,
  audit?: AuditEntry,
): Promise<void> {
  const db = env.DB;
  if (!ADDRESS_CHANGEABLE_STATUSES.includes(order.status)) throw ApiError.badRequest(ADDRESS_CHANGE_MSG.shipped);
  const market = marketById(order.market);
  await checkAddress(db, market, address);
  await assertLegalAt(db, order, address);
  const before = JSON.parse(order.address) as AddressFields;
  if (isRemotePostalCode(market.id, before.postalCode) !== isRemotePostalCode(market.id, address.postalCode)) {
    throw new ApiError(409, 409, ADDRESS_CHANGE_MSG.shippingChanges);
  }
  // Figured as checkout figures it (the tax service for the new address); an order placed before the
  // tax ledger by the offline table, as it was then.
  const retaxed = await retaxOrder(env, order.id, market, address, now);
  const taxes = retaxed
    ? retaxed.taxes
    : orderTaxLines(market.id, address.regionCode, {
        subtotal: order.subtotalCent,
        discount: order.discountCent,
        points: order.pointsCent,
        shipping: order.shippingCent,
        shippingDiscount: order.shippingDiscountCent,
      });
  const tax = retaxed ? retaxed.tax : taxTotal(taxes);
  const paid = order.paidAt !== null;
  if (paid && tax !== order.taxCent) throw new ApiError(409, 409, ADDRESS_CHANGE_MSG.taxChanges);
  const open = (await paymentUnderWay(db, order.id)) !== undefined;
  if (!paid && open && tax !== order.taxCent) throw new ApiError(409, 409, ADDRESS_CHANGE_MSG.paying);
  const work = unitOfWork(db);
  const change = {
    address: JSON.stringify(address),
    taxCent: tax,
    totalCent: order.totalCent - order.taxCent + tax,
    taxes,
  };
  addressChangeInto(work, order, change, now, `Shipping address changed to ${address.city}, ${address.regionCode}`);
  // The ledger follows the address until the sale is committed; a committed sale keeps what the service holds.
  if (retaxed && !retaxed.committed) replaceOrderTaxInto(work, order.id, retaxed.draft, now);
  if (audit) work.audit(audit);
  const committed = await work.commit();
  // Another request moved the order first (it shipped or was cancelled): nothing was written.
  if (!committed.ok) throw ApiError.badRequest(ADDRESS_CHANGE_MSG.shipped);
}

/**
 * Moves an order that has not shipped to another address for the shop (the back office); the same
 * rules as the shopper's change apply. Answers null when done, else the status and message of the refusal.
 */
export async function changeAddressForShop(
  env: TaxEnv,
  orderId: string,
  address: AddressFields,
  audit: AuditEntry,
  now: number,
): Promise<{ status: 400 | 404 | 409; message: string } | null> {
  const order = await orderRecord(env.DB, orderId);
  if (!order) return { status: 404, message: 'This order could not be found.' };
  try {
    await changeOrderAddress(env, order, address, now, audit);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.httpCode === 409 ? 409 : 400, message: error.message };
    throw error;
  }
}

/** Moves the order this session or token opens to another address; answers the order. */
export async function moveOrder(
  env: TaxEnv & Pick<Bindings, 'RATE_LIMITER'>,
  access: OrderAccess,
  address: AddressFields,
  now: number,
): Promise<OrderView> {
  const order = await accessibleOrder(env, access, now);
  await changeOrderAddress(env, order, address, now);
  return (await orderView(env.DB, order.id))!;
}
