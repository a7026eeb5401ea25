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

type Form = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The form's idempotency key (one per rendered form), or a fresh one when it is missing or malformed. */
const formKey = (form: Form) => {
  const key = text(form._key);
  return /^[A-Za-z0-9-]{16,64}$/.test(key) ? key : crypto.randomUUID();
};

/** The quantities a form names per line (`<prefix><lineNo>`), whole numbers only; others count as 0. */
function quantities(form: Form, prefix: string): { lineNo: number; quantity: number }[] {
  return Object.entries(form)
    .filter(([name]) => new RegExp(`^${prefix}\\d{1,4}$`).test(name))
    .map(([name, value]) => ({
      lineNo: Number(name.slice(prefix.length)),
      quantity: /^\d{1,5}$/.test(text(value)) ? Number(text(value)) : 0,
    }))
    .filter((line) => line.quantity > 0);
}

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
  form: Form,
): Promise<FulfilResult> {
  const input = {
    key: formKey(form),
    carrier: text(form.carrier),
    trackingNumber: text(form.trackingNumber),
    lines: quantities(form, 'qty_'),
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
  return markDelivered(env.DB, orderId, shipmentId, audit, Date.now());
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

export async function refundFromForm(env: Bindings, staff: StaffMember, orderId: string, form: Form) {
  const byAmount = text(form.mode) === 'amount';
  const amountText = text(form.amount);
  const amountCent = byAmount ? (amountCents(amountText) ?? 0) : null;
  const input = {
    key: formKey(form),
    lines: byAmount ? [] : quantities(form, 'rqty_'),
    amountCent,
    withShipping: !byAmount && text(form.withShipping) === 'on',
    reason: text(form.reason),
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

/** The ship-to address a form gives, checked by the market's rules (the checkout's), or its first problem. */
export async function addressFromForm(env: Bindings, staff: StaffMember, orderId: string, form: Form) {
  const order = await orderView(env.DB, orderId);
  if (!order) return { ok: false as const, status: 404 as const, message: 'There is no order with this number.' };
  const parsed = shipToAddress.safeParse({
    market: order.market,
    ...Object.fromEntries(Object.keys(ADDRESS_LABEL).map((name) => [name, text(form[name])])),
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
  const refused = await changeAddressForShop(env.DB, orderId, parsed.data, audit, Date.now());
  return refused ? { ok: false as const, ...refused } : { ok: true as const };
}

export async function noteFromForm(env: Bindings, staff: StaffMember, orderId: string, form: Form) {
  const body = text(form.body);
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
