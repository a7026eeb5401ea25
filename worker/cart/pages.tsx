import { Hono } from 'hono';
import CartPage from '../../client/islands/CartPage.tsx';
import { COOKIE } from '../../shared/constants.ts';
import type { CartAnswer } from '../../shared/cart.ts';
import type { AppEnv } from '../env.ts';
import { readCookie } from '../platform/cookies.ts';
import { cartForPage } from './service.ts';
import { titlesInFrench } from '../catalog/service.ts';
import { contentConfig } from '../content/service.ts';
import { PROMOTION_NAMES_KEY, promotionNamesOf } from '../../shared/content/french.ts';
import { systemClock } from '../platform/clock.ts';
import { currentLocale } from '../../shared/i18n/current.ts';
import { Island } from '../platform/render/Island.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

/** The cart as the server can see it from the cart cookies or the member's session; a refused cart shows as empty. */
async function serverCart(c: import('hono').Context<AppEnv>): Promise<CartAnswer | null> {
  const credentials = {
    cartUUID: readCookie(c, COOKIE.cartId) ?? null,
    token: readCookie(c, COOKIE.cart) ?? null,
    accountId: c.var.member?.accountId ?? null,
  };
  const cart = await cartForPage(c.env.DB, credentials, c.var.market, Date.now());
  // The French page shows the catalog's titles in French, as the cart API answers them there.
  if (currentLocale() !== 'fr') return cart;
  return titlesInFrench(
    cart,
    promotionNamesOf(await contentConfig(c.env.SETTINGS, systemClock, PROMOTION_NAMES_KEY)),
  ) as CartAnswer | null;
}

/**
 * /shopCart (§2): rendered with the cart at once, then kept current by the cart island. Its newsletter
 * sign-up is the footer's, one per page (issue 36: two stacked in the cart confused).
 */
export const cartPage = new Hono<AppEnv>().get('/shopCart', async (c) => {
  return c.render(
    (shell, initial) => (
      <section className="cart">
        <h1>{m.shopping_cart()}</h1>
        {shell.cartBanner && (
          <a className="cart-campaign" href={shell.cartBanner.href} data-campaign-banner="CART">
            {shell.cartBanner.text}
          </a>
        )}
        <Island name="CartPage" component={CartPage} props={{ initial, instalments: c.var.instalments ?? [] }} />
      </section>
    ),
    { pageType: 'shopping cart', robots: 'noindex', data: serverCart(c) },
  );
});
