/** What the sitemap reads of the catalog: product handles on sale in a market, collections and makes. */
import type { MarketId } from '../../shared/markets.ts';

/** A product page the sitemap lists: its primary active handle and when the item last changed (epoch seconds). */
export interface SitemapProduct {
  handle: string;
  updatedAt: number;
}

const STATUS_COLUMN: Record<MarketId, string> = { us: 'us_status', ca: 'ca_status' };

/** Items on sale in the market with an active handle; the primary one first, as the product page redirects. */
const ON_SALE = (market: MarketId) => `FROM item i
  JOIN seo s ON s.id = (SELECT h.id FROM seo h WHERE h.type = 'ITEM' AND h.target_id = i.id AND h.active = 1
    ORDER BY h.is_primary DESC, h.id LIMIT 1)
  WHERE i.${STATUS_COLUMN[market]} = 'ON_SHELVES'`;

/** The sitemap's queries over one D1 database. */
export function sitemapRepository(db: D1Database) {
  return {
    /** How many product pages the market's sitemap lists. */
    async productCount(market: MarketId): Promise<number> {
      const row = await db.prepare(`SELECT COUNT(*) AS total ${ON_SALE(market)}`).first<{ total: number }>();
      return row?.total ?? 0;
    },

    /** One slice of the market's product pages, in item order. */
    async productPage(market: MarketId, limit: number, offset: number): Promise<SitemapProduct[]> {
      const { results } = await db
        .prepare(`SELECT s.url_handle AS handle, i.updated_at AS updatedAt ${ON_SALE(market)}
          ORDER BY i.id LIMIT ? OFFSET ?`)
        .bind(limit, offset)
        .all<SitemapProduct>();
      return results;
    },

    /** The handles of every collection (the shop's category pages). */
    async collectionHandles(): Promise<string[]> {
      const { results } = await db.prepare('SELECT handle FROM collection ORDER BY sort, id').all<{ handle: string }>();
      return results.map((row) => row.handle);
    },

    /** The slugs of every make (shop by make). */
    async makeSlugs(): Promise<string[]> {
      const { results } = await db.prepare('SELECT slug FROM vehicle_make ORDER BY name').all<{ slug: string }>();
      return results.map((row) => row.slug);
    },
  };
}
