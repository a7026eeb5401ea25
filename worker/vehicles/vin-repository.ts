import type { VinModelMatch } from './records.ts';
/** VIN pattern queries: which vPIC model patterns a VIN matches (migration 0009). The only place with their SQL. */

/** The VIN pattern queries over one D1 database. */
export function vinRepository(db: D1Database) {
  return {
    /**
     * The model patterns a VIN matches among the schemas linked to its WMI for its model year,
     * most specific first. `vin` must be the normalized (upper-case, 17-character) VIN.
     */
    async modelMatches(vin: string, year: number): Promise<VinModelMatch[]> {
      const { results } = await db
        .prepare(
          `SELECT DISTINCT p.make, p.model, p.breadth
         FROM vin_schema_link l JOIN vin_pattern p ON p.schema_id = l.schema_id
         WHERE l.wmi = ?3 AND ?2 BETWEEN l.year_from AND l.year_to AND ?1 GLOB p.glob
         ORDER BY p.breadth, p.make, p.model`,
        )
        .bind(vin, year, vin.slice(0, 3))
        .all<VinModelMatch>();
      return results;
    },
  };
}
