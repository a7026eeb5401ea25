import { env } from 'cloudflare:test';
import { bearer, member } from './account-helpers.ts';
import { NEW_YORK, shopper, type Quote } from './checkout-helpers.ts';
import { US_HOST, shop } from './helpers.ts';

const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** The order's status as stored. */
export async function orderStatus(orderId: string): Promise<string | undefined> {
  return (await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(orderId).first<{ status: string }>())
    ?.status;
}

/**
 * Pays a placed order in the sandbox payment window with a test card, as the shopper `buyer`, and waits for it
 * to be paid (PROCESSING): the payment's webhook arrives after the window's answer.
 */
export async function payInSandbox(buyer: ReturnType<typeof shopper>, orderId: string): Promise<void> {
  const started = await buyer.call<{ url: string }>('POST', '/order/public/payment/', {
    orderId,
    paymentType: 'HOSTED_CARD',
  });
  await shop(`${started.body.data.url}/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: FUTURE, cvc: '123' }).toString(),
  });
  for (let attempt = 0; attempt < 200 && (await orderStatus(orderId)) !== 'PROCESSING'; attempt++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  if ((await orderStatus(orderId)) !== 'PROCESSING') throw new Error(`order ${orderId} was not paid`);
}

/**
 * A member's order of the given parts, paid in the sandbox window with a test card and settled
 * (PROCESSING): the order id, the member's email and credentials, and the member as a shopper.
 */
export async function paidMemberOrder(parts: { skuId: number; quantity: number }[], prefix = 'paid') {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const credentials = bearer(await member(email));
  const buyer = shopper(US_HOST, credentials);
  for (const part of parts) await buyer.add(part.skuId, part.quantity);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const placed = await buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    address: NEW_YORK,
    paymentMethod: 'HOSTED_CARD',
    expectedTotal: quote.total,
  });
  const orderId = placed.body.data.order.orderId;
  await payInSandbox(buyer, orderId);
  return { orderId, email, credentials, buyer, total: quote.total };
}

/** The subjects and text of the emails sent to an address, oldest first. */
export async function mailTo(email: string) {
  return (
    await env.DB.prepare(
      'SELECT subject, text_body AS text, html_body AS html FROM email_outbox WHERE to_address = ? ORDER BY id',
    )
      .bind(email)
      .all<{ subject: string; text: string; html: string }>()
  ).results;
}
