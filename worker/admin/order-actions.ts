/**
 * What staff do to an order from its page (issue 19, Orders and fulfilment): ship, mark delivered,
 * cancel, refund. Each reads its form, hands its audit entry (as data) to the flow or the orders
 * service, which writes it in the batch of the change, and answers its result.
 */
import type { Bindings } from '../env.ts';
import { shipToAddress } from '../../shared/api/accounts.ts';
import { cancelForShop } from '../flows/cancel-order.ts';
import { changeAddressForShop } from '../flows/change-address.ts';
import { refundOrderByShop } from '../flows/refund-order.ts';
import { shipOrder } from '../flows/ship-order.ts';
import { orderView } from '../orders/service.ts';
import { addOrderNote, type FulfilResult, markDelivered } from '../orders/staff.ts';
import { auditOf, type StaffMember } from './service.ts';
import { dollarsToCents } from '../../shared/money.ts';
import type * as z from 'zod';
import { field, lineQuantities, staffFormBase, trimmed } from './form.ts';

/** A line's quantity field (`qty_3`, `rqty_3`): a few digits, read by lineQuantities. */
const QUANTITY = field(20);

/** The ship form: carrier, tracking number and the units per line (`qty_<line>`). */
export const shipForm = staffFormBase
  .extend({ carrier: trimmed(100), trackingNumber: trimmed(200) })
  .catchall(QUANTITY);

/** The refund form: by lines (`rqty_<line>`, with or without the shipping) or by an amount, and why. */
export const refundForm = staffFormBase
  .extend({ mode: trimmed(20), amount: trimmed(40), withShipping: trimmed(10), reason: trimmed() })
  .catchall(QUANTITY);

/** The note form. */
export const noteForm = staffFormBase.extend({ body: trimmed() });

/** An amount as staff type it ("12.34", "$12", "12,34") in cents; null when it is not an amount of money. */
export const amountCents = (value: string): number | null =>
  dollarsToCents(value, { maxWholeDigits: 7, ignoreSymbol: true, decimalComma: true });

async function statusOf(db: D1Database, orderId: string) {
  return (await orderView(db, orderId))?.status ?? null;
}

export async function shipFromForm(
  env: Bindings,
  staff: StaffMember,
  orderId: string,
  form: z.output<typeof shipForm>,
): Promise<FulfilResult> {
  const input = {
    key: form._key,
    carrier: form.carrier,
    trackingNumber: form.trackingNumber,
    lines: lineQuantities(form, 'qty_'),
  };
  const audit = auditOf(staff, {
    action: 'orders.ship',
    recordType: 'order',
    recordId: orderId,
    before: { status: await statusOf(env.DB, orderId) },
    after: { carrier: input.carrier, trackingNumber: input.trackingNumber, lines: input.lines },
  });
  return shipOrder(env, orderId, input, { staffId: staff.id, audit }, Date.now());
}

export async function deliveredFromForm(env: Bindings, staff: StaffMember, orderId: string, shipmentId: number) {
  const audit = auditOf(staff, {
    action: 'orders.delivered',
    recordType: 'order',
    recordId: orderId,
    before: null,
    after: { shipmentId, delivered: true },
  });
  return markDelivered(env, orderId, shipmentId, audit, Date.now());
}

export async function cancelFromForm(env: Bindings, staff: StaffMember, orderId: string) {
  const audit = auditOf(staff, {
    action: 'orders.cancel',
    recordType: 'order',
    recordId: orderId,
    before: { status: await statusOf(env.DB, orderId) },
    after: { status: 'CANCELLED' },
  });
  return cancelForShop(env, orderId, audit, Date.now());
}

export async function refundFromForm(
  env: Bindings,
  staff: StaffMember,
  orderId: string,
  form: z.output<typeof refundForm>,
) {
  const byAmount = form.mode === 'amount';
  const amountCent = byAmount ? (amountCents(form.amount) ?? 0) : null;
  const input = {
    key: form._key,
    lines: byAmount ? [] : lineQuantities(form, 'rqty_'),
    amountCent,
    withShipping: !byAmount && form.withShipping === 'on',
    reason: form.reason,
  };
  const audit = auditOf(staff, {
    action: 'orders.refund',
    recordType: 'order',
    recordId: orderId,
    before: { status: await statusOf(env.DB, orderId) },
    after: { lines: input.lines, amountCent, withShipping: input.withShipping, reason: input.reason },
  });
  return refundOrderByShop(env, orderId, input, { staffId: staff.id, audit }, Date.now());
}

/** The address form's fields and their labels, in the order the form shows them. */
export const ADDRESS_LABEL = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  addressLine1: 'Address',
  addressLine2: 'Address line 2',
  city: 'City',
  regionCode: 'State or province',
  postalCode: 'ZIP or postal code',
} as const;

/** The address form: its fields, as typed. */
export const addressForm = staffFormBase.extend(
  Object.fromEntries(Object.keys(ADDRESS_LABEL).map((name) => [name, trimmed(200)])) as Record<
    keyof typeof ADDRESS_LABEL,
    ReturnType<typeof trimmed>
  >,
);

/** The ship-to address a form gives, checked by the market's rules (the checkout's), or its first problem. */
export async function addressFromForm(
  env: Bindings,
  staff: StaffMember,
  orderId: string,
  form: z.output<typeof addressForm>,
) {
  const order = await orderView(env.DB, orderId);
  if (!order) return { ok: false as const, status: 404 as const, message: 'There is no order with this number.' };
  const parsed = shipToAddress.safeParse({
    market: order.market,
    ...Object.fromEntries(Object.keys(ADDRESS_LABEL).map((name) => [name, form[name as keyof typeof ADDRESS_LABEL]])),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const label = ADDRESS_LABEL[String(issue.path[0]) as keyof typeof ADDRESS_LABEL] ?? 'Address';
    return { ok: false as const, status: 400 as const, message: `${label}: ${issue.message}` };
  }
  const audit = auditOf(staff, {
    action: 'orders.editAddress',
    recordType: 'order',
    recordId: orderId,
    before: order.address,
    after: parsed.data,
  });
  const refused = await changeAddressForShop(env, orderId, parsed.data, audit, Date.now());
  return refused ? { ok: false as const, ...refused } : { ok: true as const };
}

export async function noteFromForm(
  env: Bindings,
  staff: StaffMember,
  orderId: string,
  form: z.output<typeof noteForm>,
) {
  const { body } = form;
  const audit = auditOf(staff, {
    action: 'orders.note',
    recordType: 'order',
    recordId: orderId,
    before: null,
    after: { note: body.slice(0, 1000) },
  });
  const refused = await addOrderNote(env.DB, orderId, { staffId: staff.id, staffEmail: staff.email }, body, audit);
  return refused ? { ok: false as const, ...refused } : { ok: true as const };
}
