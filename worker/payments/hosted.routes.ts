import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import { paymentRepository } from './repository.ts';
import type { AppEnv } from '../env.ts';
import { ownedOrder, startPayment } from '../orders/payments.ts';
import { checkSignature, resultOf, signatureHeader } from './provider.ts';
import { sandboxWindowPath } from './sandbox.ts';
import { endpoint, readBody, readQuery } from '../platform/contract.ts';
import { paymentRuntime } from './webhooks.routes.ts';

/**
 * The hosted card gateway's sign and check calls, and the two provider-specific submissions
 * (§7: card provider token, online wallet). The signature binds the payment to its amount, so
 * a page that tampers with the amount cannot get a valid check.
 */

const P = '/order/public/payment';
const owner = { orderId: z.string().min(1).max(40), email: z.string().max(55).optional() };
const SIGNED_FOR_SECONDS = 30 * 60;

const sign = endpoint({
  method: 'post',
  path: `${P}/hosted/sign`,
  tag: 'payment',
  summary:
    'Start (or resume) the hosted card gateway payment of an order and sign its parameters: paymentId, amount, currency and the gateway window url, with a signature over them valid 30 minutes',
  body: z.object(owner),
  response: z.object({
    paymentId: z.string(),
    url: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
    signature: z.string(),
  }),
});
const check = endpoint({
  method: 'get',
  path: `${P}/hosted/check`,
  tag: 'payment',
  summary:
    'Check a signed hosted-gateway payment: the signature must match the payment and its amount; answers the payment result',
  query: z.object({
    paymentId: z.string().min(1).max(60),
    amount: z.coerce.number().int(),
    signature: z.string().min(1).max(200),
  }),
  response: z.record(z.string(), z.unknown()),
});
const cardSubmit = endpoint({
  method: 'post',
  path: `${P}/card/submit`,
  tag: 'payment',
  summary:
    "Pay with the card provider: paymentMethodToken is the provider's own token from its browser script (pm_...); no card number ever reaches the shop",
  body: z.object({ ...owner, paymentMethodToken: z.string().min(3).max(200) }),
  response: z.record(z.string(), z.unknown()),
});
const walletSubmit = endpoint({
  method: 'post',
  path: `${P}/wallet/submit`,
  tag: 'payment',
  summary:
    "Pay with the online wallet (PAYPAL) or its pay-later option (PAY_LATER): answers the wallet's approval window url",
  body: z.object({ ...owner, paymentType: z.enum(['PAYPAL', 'PAY_LATER']).default('PAYPAL') }),
  response: z.record(z.string(), z.unknown()),
});

const ownerOf = (c: Context<AppEnv>, email?: string) => ({
  accountId: c.var.member?.accountId ?? null,
  email: email ?? c.var.member?.email ?? null,
});
const signed = (paymentId: string, amount: number, currency: string) => `${paymentId}.${amount}.${currency}`;

function secretOf(c: Context<AppEnv>): string {
  const secret = c.env.PAYMENT_WEBHOOK_SECRET;
  if (!secret)
    throw new ApiError(503, 503, 'Card payments are not available right now. Please choose another payment method.');
  return secret;
}

export const paymentsHostedApi = new Hono<AppEnv>()
  .post(sign.path, async (c) => {
    const body = await readBody(c, sign);
    const order = await ownedOrder(c.env.DB, body.orderId, ownerOf(c, body.email));
    const result = await startPayment(c.env, paymentRuntime(c), order, 'HOSTED_CARD');
    const url = 'url' in result ? (result.url ?? null) : null;
    const signature = await signatureHeader(
      secretOf(c),
      signed(result.paymentId, order.totalCent, order.currency),
      Date.now(),
    );
    return c.json(
      ok({ paymentId: result.paymentId, url, amount: order.totalCent, currency: order.currency, signature }),
    );
  })
  .get(check.path, async (c) => {
    const query = readQuery(c, check);
    const payment = await paymentRepository(c.env.DB).find(query.paymentId);
    if (!payment) throw ApiError.notFound('No such payment');
    const verdict = await checkSignature(
      secretOf(c),
      query.signature,
      signed(payment.id, query.amount, payment.currency),
      Date.now(),
      SIGNED_FOR_SECONDS,
    );
    if (verdict !== 'valid' || query.amount !== payment.amountCent)
      throw new ApiError(401, 401, 'This payment signature is not valid.');
    return c.json(ok(resultOf(payment, payment.provider === 'sandbox' ? sandboxWindowPath(payment.id) : null)));
  })
  .post(cardSubmit.path, async (c) => {
    const body = await readBody(c, cardSubmit);
    const order = await ownedOrder(c.env.DB, body.orderId, ownerOf(c, body.email));
    return c.json(ok(await startPayment(c.env, paymentRuntime(c), order, 'CARD', body.paymentMethodToken)));
  })
  .post(walletSubmit.path, async (c) => {
    const body = await readBody(c, walletSubmit);
    const order = await ownedOrder(c.env.DB, body.orderId, ownerOf(c, body.email));
    return c.json(ok(await startPayment(c.env, paymentRuntime(c), order, body.paymentType)));
  });
