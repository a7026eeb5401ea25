/**
 * Bulk prices and stock by CSV (issue 22): a dry run that reports what each row would do and keeps
 * that report under a token; applying exactly that report in batches, each row only while its SKU
 * is as the dry run saw it; and the export of the same columns for every SKU, streamed.
 */
import type { AuditedChange } from '../platform/audit.ts';
import { type Along, type UnitOfWork, unitOfWork } from '../platform/unit-of-work.ts';
import {
  CSV_HEADER,
  CSV_MSG,
  type CsvRefusal,
  type CsvRow,
  csvLine,
  IMPORT_MAX_BYTES,
  readImportCsv,
} from '../../shared/catalog-csv.ts';
import { catalogChanged } from '../platform/recent-reads.ts';
import { catalogImportRepository, type SkuChange } from './admin-import-repository.ts';
import { type AdminSkuRow, catalogAdminRepository } from './admin-repository.ts';
import { toHex } from '../../shared/base64.ts';
import { type RegulatedRow, regulatedAdminRepository } from './admin-regulated-repository.ts';

/** The catalog's back-office statements with the import's own. */
const repositories = (db: D1Database) => ({ ...catalogAdminRepository(db), ...catalogImportRepository(db) });
type Repositories = ReturnType<typeof repositories>;

/** D1 statements per batch, at most (the claim and the lowest prices included). */
const BATCH_STATEMENTS = 100;
/** Refused rows kept with the report (the count is always whole). */
const REFUSED_KEPT = 1000;
const EXPORT_PAGE = 1000;

/** A row that would change, as the report lists it: its line and code, and the SKU change. */
export interface ReportChange extends SkuChange {
  line: number;
  skuCode: string;
}

/** What a dry run found, as kept under its token. */
export interface ImportReport {
  fileName: string;
  rows: number;
  changes: ReportChange[];
  unchanged: number;
  refused: CsvRefusal[];
  refusedCount: number;
}

/** A dry run's report with where applying it stands. */
export interface CheckedImport extends ImportReport {
  token: string;
  status: 'CHECKED' | 'APPLIED';
  applied: number;
  skipped: number;
  nextRow: number;
  staffId: number;
}

const newToken = () => toHex(crypto.getRandomValues(new Uint8Array(24)).buffer);

/** The file's text, or why it cannot be read. */
function fileText(bytes: Uint8Array<ArrayBuffer>): string | { message: string } {
  if (bytes.byteLength === 0) return { message: CSV_MSG.empty };
  if (bytes.byteLength > IMPORT_MAX_BYTES) return { message: CSV_MSG.tooLarge };
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { message: CSV_MSG.notUtf8 };
  }
}

const sameRegulated = (a: RegulatedRow, b: RegulatedRow) =>
  (Object.keys(a) as (keyof RegulatedRow)[]).every((key) => a[key] === b[key]);

/** The core charges and regulated columns a row changes (issue 40); nothing for what it leaves or keeps. */
function optionalChanges(row: CsvRow, sku: AdminSkuRow, regulated: RegulatedRow | undefined) {
  const cores = (
    [
      ['USD', row.coreUsd, sku.coreUsd],
      ['CAD', row.coreCad, sku.coreCad],
    ] as const
  ).flatMap(([currency, next, old]) => (next === undefined || next === old ? [] : [{ currency, cents: next }]));
  const changesRegulated = row.regulated && (!regulated || !sameRegulated(row.regulated, regulated));
  return { ...(cores.length > 0 && { cores }), ...(changesRegulated && { regulated: row.regulated }) };
}

/** A readable row against its SKU: the change, nothing to change, or unknown. */
function compare(
  row: CsvRow,
  sku: AdminSkuRow | undefined,
  regulated?: RegulatedRow,
): ReportChange | CsvRefusal | null {
  if (!sku) return { line: row.line, skuCode: row.skuCode, reason: CSV_MSG.unknownSku };
  const optional = optionalChanges(row, sku, regulated);
  const change: ReportChange = {
    line: row.line,
    skuCode: sku.skuCode,
    skuId: sku.id,
    itemId: sku.itemId,
    version: sku.version,
    oldStock: sku.stock,
    newStock: row.stock ?? sku.stock,
    oldUsd: sku.priceUsd,
    newUsd: row.priceUsd ?? sku.priceUsd,
    oldCad: sku.priceCad,
    newCad: row.priceCad ?? sku.priceCad,
    ...optional,
  };
  const same =
    change.newStock === change.oldStock &&
    change.newUsd === change.oldUsd &&
    change.newCad === change.oldCad &&
    Object.keys(optional).length === 0;
  return same ? null : change;
}

/**
 * The dry run of an uploaded file: every row that would change (old and new values), how many are
 * unchanged, and every row refused with why. The report is kept under a new token that Apply names.
 */
export async function checkImport(
  db: D1Database,
  file: { name: string; bytes: Uint8Array<ArrayBuffer> },
  staffId: number,
  now: number,
): Promise<{ ok: true; token: string } | { ok: false; message: string }> {
  const text = fileText(file.bytes);
  if (typeof text !== 'string') return { ok: false, ...text };
  const read = readImportCsv(text);
  if (!read.ok) return read;
  const repository = repositories(db);
  const skus = new Map((await repository.skusByCodes(read.rows.map((row) => row.skuCode))).map((s) => [s.skuCode, s]));
  const changes: ReportChange[] = [];
  const refused = [...read.refused];
  const regulated = read.rows.some((row) => row.regulated)
    ? await regulatedAdminRepository(db).regulatedOf([...skus.values()].map((sku) => sku.itemId))
    : new Map<number, RegulatedRow>();
  // A product's SKUs on several rows must say the same of it (its regulated columns are the product's).
  const productLine = new Map<number, CsvRow>();
  let unchanged = 0;
  for (const row of read.rows) {
    const sku = skus.get(row.skuCode);
    const earlier = sku && row.regulated ? productLine.get(sku.itemId) : undefined;
    if (earlier?.regulated && !sameRegulated(earlier.regulated, row.regulated!)) {
      refused.push({ line: row.line, skuCode: row.skuCode, reason: CSV_IMPORT_MSG.productDiffers(earlier.line) });
      continue;
    }
    if (sku && row.regulated && !earlier) productLine.set(sku.itemId, row);
    const outcome = compare(row, sku, sku ? regulated.get(sku.itemId) : undefined);
    if (outcome === null) unchanged++;
    else if ('reason' in outcome) refused.push(outcome);
    else changes.push(outcome);
  }
  refused.sort((a, b) => a.line - b.line);
  const report: ImportReport = {
    fileName: file.name.slice(0, 200) || 'upload.csv',
    rows: read.rows.length + read.refused.length,
    changes,
    unchanged,
    refused: refused.slice(0, REFUSED_KEPT),
    refusedCount: refused.length,
  };
  const token = newToken();
  const sha256 = toHex(await crypto.subtle.digest('SHA-256', file.bytes));
  await repository.saveImport({
    token,
    staffId,
    fileName: report.fileName,
    fileSha256: sha256,
    reportJson: JSON.stringify(report),
    changeCount: changes.length,
    createdAt: Math.floor(now / 1000),
  });
  return { ok: true, token };
}

/** A checked import by its token, or null. */
export async function checkedImport(db: D1Database, token: string): Promise<CheckedImport | null> {
  if (!/^[0-9a-f]{48}$/.test(token)) return null;
  const row = await repositories(db).importByToken(token);
  if (!row) return null;
  const report = JSON.parse(row.reportJson) as ImportReport;
  const { status, applied, skipped, nextRow, staffId } = row;
  return { ...report, token, status, applied, skipped, nextRow, staffId };
}

/** Where applying stands after a step. */
export type ApplyProgress =
  | { state: 'progress'; done: number; total: number }
  | { state: 'applied'; applied: number; skipped: number; total: number }
  | { state: 'elsewhere' }
  | { state: 'already' }
  | { state: 'not-found' };

/** What the import tells of a row besides the CSV's own messages. */
export const CSV_IMPORT_MSG = {
  productDiffers: (line: number) =>
    `This SKU's product is on line ${line} with other regulated values: a product's SKUs must say the same of it.`,
} as const;

/** The prices a row changes. */
const pricesOf = (change: ReportChange) => [
  ...(change.newUsd !== change.oldUsd && change.newUsd !== null ? [['USD', change.newUsd] as const] : []),
  ...(change.newCad !== change.oldCad && change.newCad !== null ? [['CAD', change.newCad] as const] : []),
];

/**
 * Where the batch from `from` ends: as many rows as fit with the claim and the lowest prices
 * (a row is its SKU and prices).
 */
function batchEnd(changes: ReportChange[], from: number): number {
  let size = 0;
  let to = from;
  while (to < changes.length && size + statementsOf(changes[to]!) <= BATCH_STATEMENTS - 2) {
    size += statementsOf(changes[to]!);
    to++;
  }
  return to;
}

/** The statements of one row: its SKU, its prices, its core charges and its product's regulated columns. */
const statementsOf = (change: ReportChange) =>
  1 + pricesOf(change).length + (change.cores?.length ?? 0) + (change.regulated ? 1 : 0);

/** Each row's writes (its stock and version first, then each price that changes); answers whether each applied. */
function rowsInto(work: UnitOfWork, repository: Repositories, changes: ReportChange[]): Along<boolean>[] {
  return changes.map((change) => {
    const applied = work.along(repository.importSku(change), (result) => result.meta.changes === 1);
    for (const [currency, cents] of pricesOf(change)) work.add(repository.importPrice(change, currency, cents));
    for (const core of change.cores ?? []) work.add(repository.importCore(change, core.currency, core.cents));
    if (change.regulated) work.add(repository.importRegulated(change, change.regulated));
    return applied;
  });
}

/**
 * Applies a checked import from where it stands, one batch of at most 100 statements at a time,
 * yielding after each. Each batch first claims its rows, so a second request (a double click,
 * another window) fails its claim and stops; each row applies only while its SKU is as checked
 * (else it is skipped). The last step marks the import applied with one audit entry of its counts.
 */
export async function* applyImport(db: D1Database, token: string, audit: AuditedChange): AsyncGenerator<ApplyProgress> {
  const job = await checkedImport(db, token);
  if (!job) return yield { state: 'not-found' };
  if (job.status === 'APPLIED') return yield { state: 'already' };
  const repository = repositories(db);
  const total = job.changes.length;
  const movedOn = async (from: number) => {
    const now = await checkedImport(db, token);
    return now?.status === 'APPLIED' || now?.nextRow !== from;
  };
  for (let from = job.nextRow; from < total; ) {
    const to = batchEnd(job.changes, from);
    const rows = job.changes.slice(from, to);
    const work = unitOfWork(db).guard(
      'claimed',
      [repository.claimRows(token, from, to)],
      async () => !(await movedOn(from)),
    );
    const rowsApplied = rowsInto(work, repository, rows);
    work.add(repository.minPrices(rows.map((change) => change.itemId)));
    if (!(await work.commit()).ok) return yield { state: 'elsewhere' };
    catalogChanged();
    const applied = rowsApplied.filter((row) => row()).length;
    await repository.countApplied(token, applied, to - from - applied);
    from = to;
    yield { state: 'progress', done: from, total };
  }
  const counted = (await checkedImport(db, token))!;
  const after = {
    fileName: job.fileName,
    rows: job.rows,
    changed: counted.applied,
    skippedAsChangedSince: counted.skipped,
    unchanged: job.unchanged,
    refused: job.refusedCount,
  };
  const finished = unitOfWork(db)
    .add(repository.finishImport(token))
    .audit(audit({ before: null, after }))
    .explain('applied elsewhere', async () => (await checkedImport(db, token))?.status !== 'APPLIED');
  if (!(await finished.commit()).ok) return yield { state: 'elsewhere' };
  yield { state: 'applied', applied: counted.applied, skipped: counted.skipped, total };
}

/** Every SKU's code, prices and stock as CSV (the import's columns), read and sent a page at a time. */
export function exportCsv(db: D1Database): ReadableStream<Uint8Array> {
  const repository = repositories(db);
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_HEADER));
      }
      const page = await repository.exportPage(after, EXPORT_PAGE);
      if (page.length > 0) {
        controller.enqueue(encoder.encode(page.map(csvLine).join('')));
        after = page[page.length - 1]!.id;
      }
      if (page.length < EXPORT_PAGE) controller.close();
    },
  });
}
