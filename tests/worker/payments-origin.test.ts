import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderRepository } from '../../worker/orders/repository.ts';
import { startPayment } from '../../worker/flows/pay-order.ts';
import { json } from './account-helpers.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';
import { api } from './helpers.ts';
import { fakeStripe } from '../fakes/stripe.ts';

/** Links a payment hands out are on the market's configured origin, never on the request's Host. */

const EVIL = 'http://evil.example';
let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture(2);
});

const placedOrder = (skuId: number) => placedMemberOrder(skuId, 'origin');

describe("a payment's links under a forged Host", () => {
  it('opens the payment window on the configured US origin when the request came to evil.example', async () => {
    const order = await placedOrder(skuIds[0]!);
    const started = await api<{ url: string }>(
      `${EVIL}/order/public/payment/`,
      json(
        'POST',
        { orderId: order.orderId, paymentType: 'HOSTED_CARD' },
        { host: 'evil.example', ...order.credentials },
      ),
    );
    expect(started.status).toBe(200);
    expect(started.body.data.url.startsWith(`${env.US_ORIGIN}/payment/sandbox/`)).toBe(true);
  });

  it("sends the card provider a return URL on the order market's configured origin, not the request's", async () => {
    const order = await placedOrder(skuIds[1]!);
    const stripe = fakeStripe({ webhookSecret: 'whsec_test' });
    // The card form is offered with both of the provider's keys, the secret and the browser one.
    const cardEnv = {
      ...env,
      CARD_PROVIDER_SECRET_KEY: 'sk_test_fake',
      CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_fake',
      CARD_PROVIDER_API_BASE: 'http://stripe.fake',
    };
    const row = (await orderRepository(env.DB).byId(order.orderId))!;
    const result = await startPayment(cardEnv, { origin: EVIL, fetch: stripe.fetch }, row, 'CARD', 'pm_card_visa');
    expect(result.kind).toBe('Succeeded');
    expect(stripe.calls[0]!.params.return_url).toBe(
      `${env.US_ORIGIN}/checkout/orderResult?orderId=${encodeURIComponent(order.orderId)}`,
    );
    expect((await orderRepository(env.DB).byId(order.orderId))!.status).toBe('PROCESSING');
  });
});
