import { Hono } from 'hono';
import CheckoutPage from '../../../client/islands/CheckoutPage.tsx';
import { paymentMethodsFor } from '../../../shared/payment-methods.ts';
import { regionsFor } from '../../../shared/regions.ts';
import type { AppEnv } from '../../env.ts';
import { Island } from '../../views/Island.tsx';
import { renderPage } from './render-page.tsx';

/** /checkout (§2): the whole checkout on one page, for the cart or a buy-now part. */
export const checkoutPage = new Hono<AppEnv>().get('/checkout', (c) => {
  const market = c.var.market;
  const props = { market: market.id, labels: market.labels, regions: regionsFor(market.id), methods: paymentMethodsFor(market), signedIn: c.var.member !== null };
  return renderPage(c, () => (
    <section className="checkout-page">
      <h1>Checkout</h1>
      <Island name="CheckoutPage" component={CheckoutPage} props={props} />
    </section>
  ), { robots: 'noindex' });
});
