import { Hono } from 'hono';
import { SEARCH_PAGE_SIZE } from '../../shared/constants.ts';
import type { AppEnv } from '../env.ts';
import { IMPORTANT_CATEGORY_BANNER_KEY } from '../../shared/content/blog.ts';
import { contentConfig } from '../content/service.ts';
import { CategoryBanner } from '../content/views/BlogBanner.tsx';
import { systemClock } from '../platform/clock.ts';
import { collectionPage as collectionPageData } from './service.ts';
import { ProductCard } from './views/ProductCard.tsx';
import { renderErrorPage } from '../platform/render/render-page.tsx';

const HANDLE = /^[a-z0-9-]{1,120}$/;

/** /collection/{handle} (§2): a hand-picked set of parts, each card with its fitment badge, paged. */
export const collectionPage = new Hono<AppEnv>().get('/collection/:handle', async (c) => {
  const handle = c.req.param('handle');
  if (!HANDLE.test(handle)) return renderErrorPage(c, 404);
  const requested = Number(c.req.query('page') ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const [found, banners] = await Promise.all([
    collectionPageData(c.env.DB, c.var.market.id, handle, page),
    contentConfig(c.env.SETTINGS, systemClock, IMPORTANT_CATEGORY_BANNER_KEY),
  ]);
  if (!found) return renderErrorPage(c, 404);
  const pages = Math.max(1, Math.ceil(found.total / SEARCH_PAGE_SIZE));
  const { collection, children, cards } = found;
  return c.render(
    <section className="collection-page" data-collection={collection.handle}>
      <CategoryBanner config={banners} handle={collection.handle} market={c.var.market.id} now={systemClock.now()} />
      {collection.parentHandle && (
        <p className="breadcrumb">
          <a href={`/collection/${collection.parentHandle}`}>{collection.parentName}</a> ›
        </p>
      )}
      <h1>{collection.name}</h1>
      {collection.description && <p>{collection.description}</p>}
      {children.length > 0 && (
        <ul className="collection-page__children">
          {children.map((child) => (
            <li key={child.handle}>
              <a href={`/collection/${child.handle}`}>{child.name}</a>
            </li>
          ))}
        </ul>
      )}
      <p className="collection-page__count">
        {found.total} {found.total === 1 ? 'part' : 'parts'}
      </p>
      {cards.length > 0 ? (
        <ul className="product-grid">
          {cards.map((product) => (
            <ProductCard key={product.itemId} product={product} />
          ))}
        </ul>
      ) : (
        <p>
          {found.total > 0 ? (
            <>
              No parts on this page. <a href={`/collection/${collection.handle}`}>Back to the first page</a>
            </>
          ) : (
            <>
              No parts in this collection right now. <a href="/search">Search all parts</a>
            </>
          )}
        </p>
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label="Pages">
          {page > 1 && (
            <a rel="prev" href={`/collection/${collection.handle}?page=${page - 1}`}>
              Previous
            </a>
          )}
          <span>
            Page {Math.min(page, pages)} of {pages}
          </span>
          {page < pages && (
            <a rel="next" href={`/collection/${collection.handle}?page=${page + 1}`}>
              Next
            </a>
          )}
        </nav>
      )}
    </section>,
    { pageType: 'collection', title: collection.name },
  );
});
