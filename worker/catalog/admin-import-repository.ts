/**
 * The CSV import's reads and writes (issue 22): the checked import kept under its token, the claim
 * of each batch, each row's change guarded by what the dry run saw, and the export's pages.
 */
import { PRICE } from './admin-repository.ts';
import type { RegulatedValues } from '../../shared/regulated-fields.ts';
import type { ExportedOptional } from '../../shared/catalog-csv-regulated.ts';

export interface CatalogImportRow {
  token: string;
  staffId: number;
  fileName: string;
  fileSha256: string;
  reportJson: string;
  changeCount: number;
  nextRow: number;
  applied: number;
  skipped: number;
  status: 'CHECKED' | 'APPLIED';
  createdAt: number;
  appliedAt: number | null;
}

/** A change the import applies to one SKU: its version and old values as checked, and the new ones. */
export interface SkuChange {
  skuId: number;
  itemId: number;
  version: number;
  oldStock: number;
  newStock: number;
  oldUsd: number | null;
  newUsd: number | null;
  oldCad: number | null;
  newCad: number | null;
  /** The core charges per currency it sets (issue 40); absent: left as they are. */
  cores?: { currency: 'USD' | 'CAD'; cents: number | null }[];
  /** The product's regulated columns it sets (issue 40); absent: left as they are. */
  regulated?: RegulatedValues;
}

/** The CSV import's job rows, its guarded row changes and the export's pages. */
export function catalogImportRepository(db: D1Database) {
  return {
    /** Keeps a checked import under its token. */
    async saveImport(row: Omit<CatalogImportRow, 'nextRow' | 'applied' | 'skipped' | 'status' | 'appliedAt'>) {
      await db
        .prepare(
          `INSERT INTO catalog_import (token, staff_id, file_name, file_sha256, report_json, change_count, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(row.token, row.staffId, row.fileName, row.fileSha256, row.reportJson, row.changeCount, row.createdAt)
        .run();
    },

    importByToken: (token: string) =>
      db
        .prepare(
          `SELECT token, staff_id AS staffId, file_name AS fileName, file_sha256 AS fileSha256,
             report_json AS reportJson, change_count AS changeCount, next_row AS nextRow, applied, skipped,
             status, created_at AS createdAt, applied_at AS appliedAt
           FROM catalog_import WHERE token = ?`,
        )
        .bind(token)
        .first<CatalogImportRow>(),

    /** Claims rows [from, to) of a checked import; the batch fails when another request got there first. */
    claimRows: (token: string, from: number, to: number) =>
      db
        .prepare(
          `UPDATE catalog_import SET next_row = CASE WHEN next_row = ?2 AND status = 'CHECKED' THEN ?3 ELSE -1 END
           WHERE token = ?1`,
        )
        .bind(token, from, to),

    /**
     * The first statement of one row's change: the new stock, when the SKU still has the version,
     * stock and prices the dry run saw (none of it otherwise: changes 0, and the row is skipped).
     */
    importSku: (change: SkuChange) =>
      db
        .prepare(
          `UPDATE sku SET version = version + 1, available_total = ?3
           WHERE id = ?1 AND version = ?2 AND available_total = ?4
             AND ifnull(${PRICE('USD', 'discount_price', '?1')}, -1) = ?5
             AND ifnull(${PRICE('CAD', 'discount_price', '?1')}, -1) = ?6`,
        )
        .bind(change.skuId, change.version, change.newStock, change.oldStock, change.oldUsd ?? -1, change.oldCad ?? -1),

    /** A row's new price in a currency, written only when its first statement applied (the version moved on). */
    importPrice: (change: SkuChange, currency: 'USD' | 'CAD', price: number) =>
      db
        .prepare(
          `INSERT INTO sku_price (sku_id, currency, discount_price, original_price)
           SELECT ?1, ?2, ?3, ?3 WHERE (SELECT version FROM sku WHERE id = ?1) = ?4
           ON CONFLICT (sku_id, currency) DO UPDATE SET discount_price = ?3,
             original_price = max(sku_price.original_price, ?3)`,
        )
        .bind(change.skuId, currency, price, change.version + 1),

    /** A row's core charge in a currency (null: none), written only when its first statement applied. */
    importCore: (change: SkuChange, currency: 'USD' | 'CAD', cents: number | null) =>
      db
        .prepare(
          `UPDATE sku_price SET core_charge = ?3
           WHERE sku_id = ?1 AND currency = ?2 AND (SELECT version FROM sku WHERE id = ?1) = ?4`,
        )
        .bind(change.skuId, currency, cents, change.version + 1),

    /** The row's product's regulated columns, written only when its first statement applied (its version moves on). */
    importRegulated: (change: SkuChange, row: RegulatedValues) =>
      db
        .prepare(
          `UPDATE item SET emissions_kind = ?3, emissions_status = ?4, carb_eo = ?5, prop65_kind = ?6,
             prop65_chemicals = ?7, hazmat_class = ?8, size_class = ?9, version = version + 1, updated_at = unixepoch()
           WHERE id = ?1 AND (SELECT version FROM sku WHERE id = ?2) = ?10`,
        )
        .bind(
          change.itemId,
          change.skuId,
          row.emissionsKind,
          row.emissionsStatus,
          row.carbEo,
          row.prop65Kind,
          row.prop65Chemicals,
          row.hazmatClass,
          row.sizeClass,
          change.version + 1,
        ),

    /** Adds a batch's outcome to the import's counts. */
    countApplied: (token: string, applied: number, skipped: number) =>
      db
        .prepare('UPDATE catalog_import SET applied = applied + ?2, skipped = skipped + ?3 WHERE token = ?1')
        .bind(token, applied, skipped)
        .run(),

    /** Marks a fully applied import done; the batch fails when it was already (or is not yet fully) applied. */
    finishImport: (token: string) =>
      db
        .prepare(
          `UPDATE catalog_import SET applied_at = unixepoch(),
             status = CASE WHEN status = 'CHECKED' AND next_row = change_count THEN 'APPLIED' ELSE 'FAILED' END
           WHERE token = ?`,
        )
        .bind(token),

    /** A page of every SKU's code, prices and stock, after the SKU id `after`, for the export. */
    async exportPage(after: number, size: number) {
      const { results } = await db
        .prepare(
          `SELECT s.id, s.part_number AS skuCode, s.available_total AS stock,
             ${PRICE('USD')} AS priceUsd, ${PRICE('CAD')} AS priceCad,
             ${PRICE('USD', 'core_charge')} AS coreUsd, ${PRICE('CAD', 'core_charge')} AS coreCad,
             i.emissions_kind AS emissionsKind, i.emissions_status AS emissionsStatus, i.carb_eo AS carbEo,
             i.prop65_kind AS prop65Kind, i.prop65_chemicals AS prop65Chemicals, i.hazmat_class AS hazmatClass,
             i.size_class AS sizeClass
           FROM sku s JOIN item i ON i.id = s.item_id WHERE s.id > ? ORDER BY s.id LIMIT ?`,
        )
        .bind(after, size)
        .all<
          {
            id: number;
            skuCode: string;
            stock: number;
            priceUsd: number | null;
            priceCad: number | null;
          } & ExportedOptional
        >();
      return results;
    },
  };
}
