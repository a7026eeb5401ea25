import { Hono } from 'hono';
import CheckoutPage from '../../client/islands/CheckoutPage.tsx';
import OrderResult from '../../client/islands/OrderResult.tsx';
import { deliverableRegions } from '../../shared/regions.ts';
import type { AppEnv } from '../env.ts';
import { Island } from '../platform/render/Island.tsx';
import { offeredMethods } from '../payments/service.ts';
import { browserPayOf, payOptionsOf } from '../payments/http.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/** /checkout (§2): the whole checkout on one page, for the cart or a buy-now part. */
export const checkoutPage = new Hono<AppEnv>()
  .get('/checkout/orderResult', (c) => {
    const orderId = (c.req.query('orderId') ?? '').slice(0, 40);
    const { methods, keys } = payOptionsOf(c);
    return c.render(
      <section className="order-result-page">
        <a className="logo logo--dark" href="/">
          AutoHaven
        </a>
        <h1>{m.order_result()}</h1>
        {orderId ? (
          <Island name="OrderResult" component={OrderResult} props={{ orderId, methods, keys }} />
        ) : (
          <p>
            {m.order_none_named()} <a href="/order/track">{m.track_an_order()}</a>
          </p>
        )}
      </section>,
      { robots: 'noindex' },
    );
  })
  .get('/checkout', (c) => {
    const market = c.var.market;
    // The card form and the wallets' sheet run on Stripe.js, PayPal on its buttons, where their provider is configured.
    const keys = browserPayOf(c);
    const props = {
      market: market.id,
      labels: market.labels,
      regions: deliverableRegions(market.id),
      methods: offeredMethods(c.env, market),
      signedIn: c.var.member !== null,
      keys,
    };
    return c.render(
      <section className="checkout-page">
        <h1>{m.checkout()}</h1>
        <Island name="CheckoutPage" component={CheckoutPage} props={props} />
      </section>,
      { robots: 'noindex' },
    );
  })
  .get('/checkout/*', (c) => {
    // Checkout is one page: its steps' old addresses lead there, keeping the buy-now query.
    const query = new URL(c.req.url).search;
    return c.redirect(`/checkout${query}`, 302);
  });
