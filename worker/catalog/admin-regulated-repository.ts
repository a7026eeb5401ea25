/** The back office's reads and writes of a product's regulated columns (issue 40): what law and carriers say of it. */

/** The columns as the editor reads them. */
export interface RegulatedRow {
  emissionsKind: string | null;
  emissionsStatus: string | null;
  carbEo: string | null;
  prop65Kind: string | null;
  prop65Chemicals: string | null;
  hazmatClass: string | null;
  sizeClass: string | null;
}

const COLUMNS = `emissions_kind AS emissionsKind, emissions_status AS emissionsStatus, carb_eo AS carbEo,
  prop65_kind AS prop65Kind, prop65_chemicals AS prop65Chemicals, hazmat_class AS hazmatClass, size_class AS sizeClass`;

export function regulatedAdminRepository(db: D1Database) {
  return {
    /** A product's regulated columns, or null when there is no such product. */
    regulated(id: number): Promise<(RegulatedRow & { version: number }) | null> {
      return db.prepare(`SELECT ${COLUMNS}, version FROM item WHERE id = ?`).bind(id).first();
    },

    /** The regulated columns of products, by id (the CSV import compares against them). */
    async regulatedOf(itemIds: readonly number[]): Promise<Map<number, RegulatedRow>> {
      const { results } = await db
        .prepare(`SELECT id, ${COLUMNS} FROM item WHERE id IN (SELECT value FROM json_each(?))`)
        .bind(JSON.stringify([...new Set(itemIds)]))
        .all<RegulatedRow & { id: number }>();
      return new Map(results.map(({ id, ...row }) => [id, row]));
    },

    /** Writes a product's regulated columns (after its version guard, in the same batch). */
    writeRegulated: (id: number, row: RegulatedRow) =>
      db
        .prepare(
          `UPDATE item SET emissions_kind = ?2, emissions_status = ?3, carb_eo = ?4, prop65_kind = ?5,
             prop65_chemicals = ?6, hazmat_class = ?7, size_class = ?8, updated_at = unixepoch() WHERE id = ?1`,
        )
        .bind(
          id,
          row.emissionsKind,
          row.emissionsStatus,
          row.carbEo,
          row.prop65Kind,
          row.prop65Chemicals,
          row.hazmatClass,
          row.sizeClass,
        ),
  };
}
