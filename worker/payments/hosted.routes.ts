import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { orderOwnerFor, payOrder, startHostedPayment } from '../orders/service.ts';
import { clientIp } from '../platform/client-ip.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { paymentRuntime } from './runtime.ts';
import { checkHostedPayment } from './service.ts';

/**
 * The hosted card gateway's sign and check calls, and the two provider-specific submissions
 * (§7: card provider token, online wallet). The signature binds the payment to its amount, so
 * a page that tampers with the amount cannot get a valid check.
 */

const P = '/order/public/payment';
const owner = {
  orderId: z.string().min(1).max(40),
  orderToken: z.string().max(200).optional(),
  email: z.string().max(55).optional(),
};

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
const check = endpoint({
  method: 'get',
  path: `${P}/hosted/check`,
  tag: 'payment',
  summary:
    'Check a signed hosted-gateway payment: the signature must match the payment and its amount; ' +
    'answers the payment result',
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

/** The order's owner once orders' access check passes: a member's session or a guest's order token. */
const ownerOf = (c: Context<AppEnv>, request: { orderId: string; orderToken?: string }) =>
  orderOwnerFor(c.env, {
    orderId: request.orderId,
    ip: clientIp(c),
    accountId: c.var.member?.accountId ?? null,
    token: request.orderToken,
  });

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const paymentsHostedEndpoints: readonly Endpoint[] = [sign, check, cardSubmit, walletSubmit];

export const paymentsHostedApi = new Hono<AppEnv>()
  .post(sign.path, async (c) => {
    const body = await readBody(c, sign);
    const owner = await ownerOf(c, body);
    return c.json(ok(await startHostedPayment(c.env, paymentRuntime(c), body.orderId, owner, Date.now())));
  })
  .get(check.path, async (c) => {
    const query = readQuery(c, check);
    return c.json(ok(await checkHostedPayment(c.env, query, Date.now())));
  })
  .post(cardSubmit.path, async (c) => {
    const body = await readBody(c, cardSubmit);
    const request = {
      orderId: body.orderId,
      owner: await ownerOf(c, body),
      method: 'CARD',
      token: body.paymentMethodToken,
    };
    return c.json(ok(await payOrder(c.env, paymentRuntime(c), request)));
  })
  .post(walletSubmit.path, async (c) => {
    const body = await readBody(c, walletSubmit);
    const request = { orderId: body.orderId, owner: await ownerOf(c, body), method: body.paymentType };
    return c.json(ok(await payOrder(c.env, paymentRuntime(c), request)));
  });
