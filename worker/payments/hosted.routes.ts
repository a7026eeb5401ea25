import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { endpoint, type Endpoint, readQuery } from '../platform/contract.ts';
import { checkHostedPayment } from './hosted.ts';

/**
 * The hosted card gateway's check call (§7; signing it starts a payment: routes/payment.routes.ts).
 * The signature binds the payment to its amount, so a page that tampers with the amount cannot get a
 * valid check.
 */

const P = '/order/public/payment';
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

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const paymentsHostedEndpoints: readonly Endpoint[] = [check];

/** Where Apple looks for the merchant's domain-association file before Apple Pay runs on the shop's domain. */
export const APPLE_PAY_ASSOCIATION_PATH = '/.well-known/apple-developer-merchantid-domain-association';

export const paymentsHostedApi = new Hono<AppEnv>()
  .get(check.path, async (c) => {
    const query = readQuery(c, check);
    return c.json(ok(await checkHostedPayment(c.env, query, Date.now())));
  })
  // The file as Stripe's Dashboard hands it over (APPLE_PAY_DOMAIN_ASSOCIATION), byte for byte, never redirected.
  .get(APPLE_PAY_ASSOCIATION_PATH, (c) => {
    const file = c.env.APPLE_PAY_DOMAIN_ASSOCIATION;
    if (!file) return c.text('Not found', 404);
    return c.body(file, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
  });
