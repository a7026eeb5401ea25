/** Postal-code and area-dictionary queries (tables of 0008_postal.sql). The only place with their SQL. */

import type { MarketId } from '../../shared/markets.ts';
import { regionsFor } from '../../shared/regions.ts';
import { AREA_LEVEL, COUNTRY_AREA, stateAreaId } from '../../shared/shipping.ts';
import type { AreaRecord } from './records.ts';

/** A known postal code: a US ZIP code or a Canadian FSA. */
export interface PostalCodeRow {
  postCode: string;
  city: string;
  stateCode: string;
}

/** A city of a market, with one of its postal codes (the lowest) for the type-ahead. */
export interface CityRow {
  city: string;
  stateCode: string;
  postCode: string;
}

const AREA_COLUMNS = 'id, parent_id AS parentId, level, name, code';

/** The last string sorting with `prefix` at its start: the upper end of a prefix range. */
const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/** The postal-code and area queries over one D1 database. */
export function postalRepository(db: D1Database) {
  return {
    /** One postal code of a market, or null when the shop does not know it. */
    byCode: (market: MarketId, postCode: string) =>
      db
        .prepare(
          `SELECT post_code AS postCode, city, state_code AS stateCode FROM postal_code
           WHERE market = ? AND post_code = ?`,
        )
        .bind(market, postCode)
        .first<PostalCodeRow>(),

    /** Postal codes of a market that start with `prefix`, lowest first. */
    async codesStartingWith(market: MarketId, prefix: string, limit: number): Promise<PostalCodeRow[]> {
      const { results } = await db
        .prepare(
          `SELECT post_code AS postCode, city, state_code AS stateCode FROM postal_code
         WHERE market = ? AND post_code >= ? AND post_code < ? ORDER BY post_code LIMIT ?`,
        )
        .bind(market, prefix, prefixEnd(prefix), limit)
        .all<PostalCodeRow>();
      return results;
    },

    /** Cities of a market whose name starts with `prefix` (any case), by name then state. */
    async citiesStartingWith(market: MarketId, prefix: string, limit: number): Promise<CityRow[]> {
      const { results } = await db
        .prepare(
          `SELECT city, state_code AS stateCode, MIN(post_code) AS postCode FROM postal_code
         WHERE market = ? AND city >= ? AND city < ? GROUP BY city, state_code ORDER BY city, state_code LIMIT ?`,
        )
        .bind(market, prefix, prefixEnd(prefix), limit)
        .all<CityRow>();
      return results;
    },

    /** One area by id, or null. */
    area: (id: number) => db.prepare(`SELECT ${AREA_COLUMNS} FROM area WHERE id = ?`).bind(id).first<AreaRecord>(),

    /**
     * The areas under one area (the countries under 0), in id order: the region list order for
     * states, name order for cities.
     */
    async children(id: number): Promise<AreaRecord[]> {
      const { results } = await db
        .prepare(`SELECT ${AREA_COLUMNS} FROM area WHERE parent_id IS ? ORDER BY id`)
        .bind(id === 0 ? null : id)
        .all<AreaRecord>();
      return results;
    },
  };
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The SQL that rebuilds the area dictionary from shared/regions.ts and the loaded postal
 * codes (run after postal_code is filled): countries, their states, and each distinct city
 * name of a state numbered in name order. City ids are stable for a given extract.
 */
export function areaDictionaryStatements(): string[] {
  const markets = Object.keys(COUNTRY_AREA) as MarketId[];
  const countries = markets.map((market) => {
    const country = COUNTRY_AREA[market];
    return `(${country.id}, NULL, ${AREA_LEVEL.country}, ${quote(country.name)}, ${quote(country.code)})`;
  });
  const states = markets.flatMap((market) =>
    regionsFor(market).map((region) => {
      const id = stateAreaId(market, region.code);
      return `(${id}, ${COUNTRY_AREA[market].id}, ${AREA_LEVEL.state}, ${quote(region.name)}, ${quote(region.code)})`;
    }),
  );
  const countryOf = markets.map((market) => `WHEN ${quote(market)} THEN ${COUNTRY_AREA[market].id}`).join(' ');
  return [
    'DELETE FROM area',
    `INSERT INTO area (id, parent_id, level, name, code) VALUES ${countries.join(', ')}`,
    `INSERT INTO area (id, parent_id, level, name, code) VALUES ${states.join(', ')}`,
    `INSERT INTO area (id, parent_id, level, name, code)
     SELECT s.id * 10000 + ROW_NUMBER() OVER (PARTITION BY s.id ORDER BY p.city), s.id, ${AREA_LEVEL.city},
       p.city, NULL
     FROM (SELECT DISTINCT market, state_code, city FROM postal_code) p
     JOIN area s ON s.level = ${AREA_LEVEL.state} AND s.code = p.state_code
       AND s.parent_id = CASE p.market ${countryOf} END`,
  ];
}
