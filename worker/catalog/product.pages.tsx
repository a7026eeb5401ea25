import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { shownProductData, soldIn } from './product-data.ts';
import { chosenSku } from './variants.ts';
import { ProductPage } from './views/ProductPage.tsx';
import { productInFrench } from './french.ts';
import { currentLocale } from '../../shared/i18n/current.ts';
import { renderErrorPage } from '../platform/render/render-page.tsx';
import { exchangeOnArrival } from '../platform/link-exchange.ts';
import { COOKIE } from '../../shared/constants.ts';
import { instalmentWords } from '../../shared/instalment-words.ts';

/** A review invitation lasts 30 days; its cookie a day (opening the email again brings it back). */
const INVITATION_COOKIE_SECONDS = 86_400;

/** /product/{handle}: an old or inactive handle redirects (301) to the primary one. */
export const productPage = new Hono<AppEnv>().get('/product/:handle', async (c) => {
  const handle = c.req.param('handle');
  if (!/^[a-z0-9-]{1,200}$/.test(handle)) return renderErrorPage(c, 404);
  const data = await shownProductData(c.env.DB, c.var.market.id, handle);
  if (!data) return renderErrorPage(c, 404);
  // The emailed invitation's signed token (it names the reviewer's email) leaves the address before the page
  // renders: the item's HttpOnly cookie keeps it for the review call (issue 35); the #write-review fragment stays.
  const exchanged = exchangeOnArrival(c, 'invitation', {
    cookie: `${COOKIE.reviewInvitation}_${data.item.id}`,
    maxAgeSeconds: INVITATION_COOKIE_SECONDS,
  });
  if (exchanged) return exchanged;
  const shown = currentLocale() === 'fr' ? productInFrench(data) : data;
  const { item, skus, fitment, faqs, reviews, media } = shown;
  if ((!item.handleIsPrimary || !item.handleActive) && item.primaryHandle)
    return c.redirect(`/product/${item.primaryHandle}`, 301);
  const market = c.var.market;
  // The variant `?sku=` names, when it is one of this product's; any other value shows the first (never an error).
  const sku = chosenSku(skus, c.req.query('sku'));
  const price = sku?.discountPrice ?? null;
  const instalments = price === null ? null : instalmentWords(c.var.instalments ?? [], price, market.currency);
  return c.render(
    <ProductPage
      view={{
        item,
        skus,
        sku,
        faqs,
        reviews,
        media,
        market,
        soldHere: soldIn(item, market.id),
        fitment,
        instalments,
        origin: new URL(c.req.url).origin,
      }}
    />,
    // Every variant's page is the product's: the canonical link leaves the choice out.
    { pageType: 'product detail', title: item.seoTitle ?? item.title, path: `/product/${handle}` },
  );
});
