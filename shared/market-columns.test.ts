import { describe, expect, it } from 'vitest';
import { currencyByMarketSql, minPriceColumn, statusByMarketSql, statusColumn } from './market-columns.ts';
import { CA, CURRENCIES, currencyOf, marketByCurrency, US } from './markets.ts';

describe('market columns and currencies', () => {
  it('prices the US in USD and Canada in CAD, and finds the market from the currency', () => {
    expect(CURRENCIES).toEqual(['USD', 'CAD']);
    expect([currencyOf('us'), currencyOf('ca')]).toEqual(['USD', 'CAD']);
    expect([marketByCurrency('USD'), marketByCurrency('CAD')]).toEqual([US, CA]);
  });

  it("names each market's status and lowest-price columns", () => {
    expect([statusColumn('us'), minPriceColumn('us')]).toEqual(['us_status', 'min_price_usd']);
    expect([statusColumn('ca'), minPriceColumn('ca')]).toEqual(['ca_status', 'min_price_cad']);
  });

  it('picks the column and currency of a bound market in SQL, the US being the default', () => {
    expect(statusByMarketSql('?2', 'i')).toBe("CASE WHEN ?2 = 'ca' THEN i.ca_status ELSE i.us_status END");
    expect(currencyByMarketSql('?9')).toBe("CASE WHEN ?9 = 'ca' THEN 'CAD' ELSE 'USD' END");
  });
});
