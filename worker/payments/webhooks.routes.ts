import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import { ERROR_CODE } from '../../shared/messages.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { endpoint, type Endpoint } from '../platform/contract.ts';
import { paymentRuntime } from './runtime.ts';
import { receiveWebhook } from './webhook-intake.ts';

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

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const paymentWebhooksEndpoints: readonly Endpoint[] = [webhook];

/** The payment providers' webhooks (issue 8): asynchronous confirmation of payments. */
export const paymentWebhooksApi = new Hono<AppEnv>().post(webhook.path, async (c) => {
  const name = c.req.param('provider') ?? '';
  const taken = await receiveWebhook(c.env, paymentRuntime(c), name, c.req.raw, Date.now());
  if (!taken) throw new ApiError(ERROR_CODE.unauthorized, 401, 'Webhook signature is invalid or expired');
  return c.json(ok({ received: true, ...taken }));
});
