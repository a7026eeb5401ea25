import { Hono } from 'hono';
import { catalogRepository } from '../../db/catalog-repository.ts';
import type { AppEnv } from '../../env.ts';
import { ProductPage } from '../../views/pages/ProductPage.tsx';
import { renderErrorPage, renderPage } from './render-page.tsx';

const SOLD = new Set(['ON_SHELVES', 'UNDER_STOCK', 'SOLD_OUT']);

/** /product/{handle}: an old or inactive handle redirects (301) to the primary one. */
export const productPage = new Hono<AppEnv>().get('/product/:handle', async (c) => {
  const handle = c.req.param('handle');
  if (!/^[a-z0-9-]{1,200}$/.test(handle)) return renderErrorPage(c, 404);
  const repo = catalogRepository(c.env.DB);
  const data = await repo.itemPage(handle, c.var.market.id, null);
  if (!data || ['DRAFT', 'DELETED'].includes(data.item.status)) return renderErrorPage(c, 404);
  if ((!data.item.handleIsPrimary || !data.item.handleActive) && data.item.primaryHandle) return c.redirect(`/product/${data.item.primaryHandle}`, 301);
  const status = c.var.market.id === 'ca' ? data.item.caStatus : data.item.usStatus;
  const fitment = await repo.fitmentTableOfItem(data.item.id, 1, 50);
  return renderPage(c, () => (
    <ProductPage view={{ item: data.item, skus: data.skus, market: c.var.market, soldHere: SOLD.has(status), fitment: { total: fitment.total, rows: fitment.rows } }} />
  ), { pageType: 'product detail', title: data.item.seoTitle ?? data.item.title });
});
