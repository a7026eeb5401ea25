import { Hono } from 'hono';
import * as z from 'zod';
import { API } from '../../shared/api-routes.ts';
import { orderOwner, payBody, paymentResult } from '../../shared/api/payments.ts';
import { ok } from '../../shared/envelope.ts';
import { ERROR_CODE } from '../../shared/messages.ts';
import type { AppEnv } from '../env.ts';
import { confirmReturnedPayment, giveUpPayment, payOrder, startHostedPayment } from '../flows/pay-order.ts';
import { applyPaymentEvent } from '../flows/settle-payment.ts';
import { orderOwnerOf } from '../orders/http.ts';
import { paymentRuntime } from '../payments/http.ts';
import { receiveWebhook } from '../payments/service.ts';
import { ApiError } from '../platform/api-error.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';

/**
 * Paying for an order (§7 Orders and payment): the calls that run the pay-order flow (start, give
 * up, the hosted card gateway, the card provider's token, the online wallet) and the providers'
 * signed webhooks that settle payments.
 */

const P = '/order/public/payment';
const owner = {
  orderId: z.string().min(1).max(40),
  orderToken: z.string().max(200).optional(),
  email: z.string().max(55).optional(),
};

const pay = endpoint({
  ...API.pay,
  tag: 'payment',
  summary:
    'Pay for an unpaid order with a method the market offers (paymentType). Answers what happens next: ' +
    "Succeeded, RequiresAction (open url: the provider's window, which closes itself when done), Pending " +
    '(a webhook settles it), Declined (an issuer decline says so, with the next step) or Failed. A payment ' +
    'already under way with the same method is answered again, never charged twice',
  body: payBody,
  response: paymentResult,
});
const unlock = endpoint({
  method: 'put',
  path: `${P}/unlock`,
  tag: 'payment',
  summary:
    'Give up the payment under way (the shopper chose another method): the open payment expires; ' +
    'the order still awaits payment',
  body: z.object(orderOwner),
  response: z.object({ orderId: z.string(), released: z.number() }),
});
const back = endpoint({
  ...API.payReturn,
  tag: 'payment',
  summary:
    "Back from the online wallet's approval window: the approved PayPal order is captured once (a retry answers " +
    'the same capture) and settles the order; card payments settle by their webhooks. Null when nothing is under way',
  body: z.object(orderOwner),
  response: paymentResult.nullable(),
});
const sign = endpoint({
  method: 'post',
  path: `${P}/hosted/sign`,
  tag: 'payment',
  summary:
    'Start (or resume) the hosted card gateway payment of an order and sign its parameters: paymentId, amount, ' +
    'currency and the gateway window url, with a signature over them valid 30 minutes',
  body: z.object(owner),
  response: z.object({
    paymentId: z.string(),
    url: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
    signature: z.string(),
  }),
});
const cardSubmit = endpoint({
  method: 'post',
  path: `${P}/card/submit`,
  tag: 'payment',
  summary:
    "Pay with the card provider: paymentMethodToken is the provider's own token from its browser script " +
    '(pm_...); no card number ever reaches the shop',
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

const webhook = endpoint({
  method: 'post',
  path: '/order/public/payment/webhook/:provider',
  tag: 'payment',
  summary:
    "A payment provider's signed event (provider: sandbox or card); the raw body is verified against its " +
    'signature header (X-Sandbox-Signature or Stripe-Signature: t=...,v1=HMAC-SHA256 of "t.body", 5 minute ' +
    'window). 401 on a bad or stale signature; a redelivered event changes nothing',
  response: z.object({ received: z.boolean(), duplicate: z.boolean() }),
});

/** The calls this module mounts, as /openapi.json documents them. */
export const payOrderEndpoints: readonly Endpoint[] = [pay, back, unlock, sign, cardSubmit, walletSubmit, webhook];

export const payOrderApi = new Hono<AppEnv>()
  .post(pay.path, async (c) => {
    const body = await readBody(c, pay);
    const request = {
      orderId: body.orderId,
      owner: await orderOwnerOf(c, body),
      method: body.paymentType,
      token: body.paymentMethodToken,
      bnplProvider: body.bnplProvider,
    };
    return c.json(ok(await payOrder(c.env, paymentRuntime(c), request)));
  })
  .post(back.path, async (c) => {
    const body = await readBody(c, back);
    const owner = await orderOwnerOf(c, body);
    return c.json(ok(await confirmReturnedPayment(c.env, paymentRuntime(c), body.orderId, owner)));
  })
  .put(unlock.path, async (c) => {
    const body = await readBody(c, unlock);
    return c.json(ok(await giveUpPayment(c.env, paymentRuntime(c), body.orderId, await orderOwnerOf(c, body))));
  })
  .post(sign.path, async (c) => {
    const body = await readBody(c, sign);
    const buyer = await orderOwnerOf(c, body);
    return c.json(ok(await startHostedPayment(c.env, paymentRuntime(c), body.orderId, buyer, Date.now())));
  })
  .post(cardSubmit.path, async (c) => {
    const body = await readBody(c, cardSubmit);
    const request = {
      orderId: body.orderId,
      owner: await orderOwnerOf(c, body),
      method: 'CARD',
      token: body.paymentMethodToken,
    };
    return c.json(ok(await payOrder(c.env, paymentRuntime(c), request)));
  })
  .post(walletSubmit.path, async (c) => {
    const body = await readBody(c, walletSubmit);
    const request = { orderId: body.orderId, owner: await orderOwnerOf(c, body), method: body.paymentType };
    return c.json(ok(await payOrder(c.env, paymentRuntime(c), request)));
  })
  .post(webhook.path, async (c) => {
    const name = c.req.param('provider') ?? '';
    const taken = await receiveWebhook(c.env, paymentRuntime(c), name, c.req.raw, Date.now(), applyPaymentEvent);
    if (!taken) throw new ApiError(ERROR_CODE.unauthorized, 401, 'Webhook signature is invalid or expired');
    return c.json(ok({ received: true, ...taken }));
  });
