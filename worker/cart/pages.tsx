import { Hono } from 'hono';
import CartPage from '../../client/islands/CartPage.tsx';
import { COOKIE } from '../../shared/constants.ts';
import type { CartAnswer } from '../../shared/cart.ts';
import type { AppEnv } from '../env.ts';
import { readCookie } from '../platform/cookies.ts';
import { cartForPage } from './service.ts';
import { Island } from '../platform/render/Island.tsx';

/** The cart as the server can see it from the cart cookies or the member's session; a refused cart shows as empty. */
async function serverCart(c: import('hono').Context<AppEnv>): Promise<CartAnswer | null> {
  const credentials = {
    cartUUID: readCookie(c, COOKIE.cartId) ?? null,
    token: readCookie(c, COOKIE.cart) ?? null,
    accountId: c.var.member?.accountId ?? null,
  };
  return cartForPage(c.env.DB, credentials, c.var.market, Date.now());
}

/**
 * /shopCart (§2): rendered with the cart at once, then kept current by the cart island. Its newsletter
 * sign-up is the footer's, one per page (issue 36: two stacked in the cart confused).
 */
export const cartPage = new Hono<AppEnv>().get('/shopCart', async (c) => {
  return c.render(
    (_shell, initial) => (
      <section className="cart">
        <h1>Shopping cart</h1>
        <Island name="CartPage" component={CartPage} props={{ initial }} />
      </section>
    ),
    { pageType: 'shopping cart', robots: 'noindex', data: serverCart(c) },
  );
});
