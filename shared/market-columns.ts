import { currencyOf, MARKET_IDS, type MarketId } from './markets.ts';

/**
 * Where the catalog keeps one market's view of a part: the item table's status column (§3 usStatus /
 * caStatus) and its lowest price in the market's currency. Written once for every query that reads them.
 */
export interface MarketColumns {
  status: 'us_status' | 'ca_status';
  minPrice: 'min_price_usd' | 'min_price_cad';
}

export const MARKET_COLUMNS: { readonly [M in MarketId]: MarketColumns } = {
  us: { status: 'us_status', minPrice: 'min_price_usd' },
  ca: { status: 'ca_status', minPrice: 'min_price_cad' },
};

/** The item column with the part's status in the market. */
export const statusColumn = (market: MarketId) => MARKET_COLUMNS[market].status;

/** The item column with the part's lowest price in the market's currency, in cents. */
export const minPriceColumn = (market: MarketId) => MARKET_COLUMNS[market].minPrice;

/**
 * A SQL CASE picking each market's value from a bound market id, for a statement written once for
 * every market: `byMarketSql('?2', (m) => ...)` is `CASE WHEN ?2 = 'ca' THEN ... ELSE <default market's> END`.
 */
export function byMarketSql(marketParam: string, valueIn: (market: MarketId) => string): string {
  const [fallback, ...others] = MARKET_IDS;
  const whens = others.map((market) => `WHEN ${marketParam} = '${market}' THEN ${valueIn(market)} `).join('');
  return `CASE ${whens}ELSE ${valueIn(fallback)} END`;
}

/** The status column of the item aliased `alias`, for the market bound as `marketParam`. */
export const statusByMarketSql = (marketParam: string, alias: string) =>
  byMarketSql(marketParam, (market) => `${alias}.${statusColumn(market)}`);

/** The currency, as a SQL string, of the market bound as `marketParam`. */
export const currencyByMarketSql = (marketParam: string) =>
  byMarketSql(marketParam, (market) => `'${currencyOf(market)}'`);
