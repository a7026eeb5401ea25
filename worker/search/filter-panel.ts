import { marketById, type MarketId } from '../../shared/markets.ts';
import { priceBandsRepository } from './price-bands-repository.ts';
import { matchExpression, searchItems, type SearchQuery } from './service.ts';

/** The filter panel of a search or category (§7 filter): its counts come from the search they filter. */

/** Lower bounds of the filter panel's price bands, in cents; the last band is open-ended. */
export const PRICE_BANDS = [0, 2_500, 5_000, 10_000, 20_000, 50_000] as const;

function bandLabel(index: number, symbol: string): string {
  const dollars = (cents: number) => `${symbol}${cents / 100}`;
  const low = PRICE_BANDS[index]!;
  const high = PRICE_BANDS[index + 1];
  if (high === undefined) return `${dollars(low)} & Above`;
  return index === 0 ? `Under ${dollars(high)}` : `${dollars(low)} - ${dollars(high)}`;
}

/**
 * The filter panel for a search or category (§7 filter): category and brand counts, the price range and price bands
 * with counts.
 */
export async function filterPanel(
  db: D1Database,
  market: MarketId,
  query: Omit<SearchQuery, 'page' | 'size' | 'sort'>,
) {
  const keyword = (query.keyword ?? '').trim();
  const match = keyword ? matchExpression(keyword) : null;
  const vehicleNodeIds = query.vehicleNodeIds?.length ? query.vehicleNodeIds : null;
  const [search, bands] = await Promise.all([
    searchItems(db, market, { ...query, page: 1, size: 1 }),
    keyword && !match
      ? []
      : priceBandsRepository(db).priceBands(
          {
            market,
            match,
            text: match ? keyword : null,
            categoryId: query.categoryId ?? null,
            brandIds: query.brandIds ?? [],
            vehicleNodeIds,
            fitsOnly: Boolean(query.fitsOnly && vehicleNodeIds),
            soldOut: query.soldOut ?? false,
          },
          PRICE_BANDS,
        ),
  ]);
  const { symbol, currency } = marketById(market);
  return {
    total: search.total,
    categories: search.facets.categories,
    brands: search.facets.brands,
    price: { ...search.facets.price, currency },
    priceRanges: bands.map(({ band, count }) => ({
      min: PRICE_BANDS[band]!,
      max: PRICE_BANDS[band + 1] ?? null,
      label: bandLabel(band, symbol),
      count,
    })),
  };
}
