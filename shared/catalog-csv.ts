import { dollarsToCents } from './money.ts';
import {
  CSV_OPTIONAL_COLUMNS,
  type CsvOptional,
  type ExportedOptional,
  optionalHeaderProblem,
  optionalTexts,
  readOptional,
} from './catalog-csv-regulated.ts';
/**
 * The back office's price and stock CSV (issue 22): the columns, the limits, reading a file into
 * rows (or the reason each row is refused) and writing the same columns back. Pure: the worker
 * looks the SKU codes up and decides what would change.
 */

/** The columns of an import and of the export, in the export's order. */
export const CSV_COLUMNS = ['sku_code', 'price_usd', 'price_cad', 'stock'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** The highest price a field takes, in cents ($1,000,000.00), and the most stock. */
export const PRICE_MAX_CENTS = 100_000_000;
export const STOCK_MAX = 1_000_000;

/** What an editor is told about a file or a row. */
export const CSV_MSG = {
  noFile: 'Choose a CSV file to upload.',
  tooLarge: 'The file is larger than 5 MB. Split it and upload the parts one by one.',
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
  empty: 'The file is empty. The first line must be the header: sku_code,price_usd,price_cad,stock.',
  missingColumns: (columns: string[]) =>
    `The header is missing ${columns.join(', ')}. The first line must be: sku_code,price_usd,price_cad,stock.`,
  unknownColumns: (columns: string[]) =>
    `The header has columns this import does not take: ${columns.join(', ')}. ` +
    `Use only sku_code, price_usd, price_cad and stock, and optionally ${CSV_OPTIONAL_COLUMNS.join(', ')}.`,
  duplicateColumn: (column: string) => `The header names ${column} twice.`,
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it and upload the parts.`,
  unclosedQuote: (line: number) => `A quoted field that starts on line ${line} is never closed.`,
  noRows: 'The file has a header but no rows.',
  noSkuCode: 'No SKU code.',
  unknownSku: 'Unknown SKU: no SKU has this code.',
  duplicateRow: (line: number) => `Duplicate row: this SKU is already on line ${line}.`,
  badPrice: (column: string, value: string) =>
    `${column} "${value}" is not a price. Write dollars and cents, like 129.99.`,
  priceNotPositive: (column: string) => `${column} must be more than 0.`,
  priceTooHigh: (column: string) => `${column} must be at most 1,000,000.00.`,
  badStock: (value: string) => `stock "${value}" is not a whole number.`,
  negativeStock: 'stock cannot be negative.',
  stockTooHigh: `stock must be at most ${STOCK_MAX.toLocaleString('en-US')}.`,
  wrongFieldCount: (count: number, header = 4) => `The row has ${count} fields; the header has ${header}.`,
  nothingToChange: 'A row needs a price or a stock to set (empty fields are left as they are).',
} as const;

/** One readable row: what it sets (null: left as it is), prices in cents, and its optional columns (if any). */
export interface CsvRow extends CsvOptional {
  line: number;
  skuCode: string;
  priceUsd: number | null;
  priceCad: number | null;
  stock: number | null;
}

/** A row that is not applied, and why. */
export interface CsvRefusal {
  line: number;
  skuCode: string;
  reason: string;
}

export type CsvRead = { ok: true; rows: CsvRow[]; refused: CsvRefusal[] } | { ok: false; message: string };

/**
 * RFC 4180 records with the line each starts on: fields split by commas, quoted fields may hold
 * commas, doubled quotes and line breaks; CRLF or LF. Blank lines are skipped. An unclosed quote
 * answers the line it opened on.
 */
export function csvRecords(text: string): { line: number; fields: string[] }[] | { unclosedAt: number } {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push({ line: start, fields });
    fields = [];
    start = line + 1;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 1];
    if (quoted && char === '"' && next === '"') {
      field += '"';
      i++;
    } else if (quoted && char === '"') quoted = false;
    else if (quoted) {
      if (char === '\n') line++;
      field += char;
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && next === '\n') i++;
      endRecord();
      line++;
    } else field += char;
  }
  if (quoted) return { unclosedAt: quoteLine };
  if (field !== '' || fields.length > 0) records.push({ line: start, fields: [...fields, field] });
  return records.filter((record) => record.fields.some((value) => value.trim() !== ''));
}

/** A price as the CSV and the editor take it ("129.99", "129.9", "129"), in cents; null when it is none. */
export const priceCents = (text: string): number | null => dollarsToCents(text, { maxWholeDigits: 9 });

/** Cents as the CSV and the editor write them: "129.99". */
export const centsText = (cents: number) => (cents / 100).toFixed(2);

type Field<T> = { value: T } | { refused: string };

function readPrice(column: CsvColumn, text: string): Field<number | null> {
  if (text.trim() === '') return { value: null };
  const cents = priceCents(text);
  if (cents === null) return { refused: CSV_MSG.badPrice(column, text.trim()) };
  if (cents <= 0) return { refused: CSV_MSG.priceNotPositive(column) };
  if (cents > PRICE_MAX_CENTS) return { refused: CSV_MSG.priceTooHigh(column) };
  return { value: cents };
}

function readStock(text: string): Field<number | null> {
  const value = text.trim();
  if (value === '') return { value: null };
  if (/^-\d+$/.test(value)) return { refused: CSV_MSG.negativeStock };
  if (!/^\d+$/.test(value)) return { refused: CSV_MSG.badStock(value) };
  const stock = Number(value);
  return stock > STOCK_MAX ? { refused: CSV_MSG.stockTooHigh } : { value: stock };
}

/** The column positions the header names, or why it cannot be read. */
function readHeader(fields: string[]): { at: Record<CsvColumn, number>; names: string[] } | { message: string } {
  const names = fields.map((name, index) => (index === 0 ? name.replace(/^\uFEFF/, '') : name).trim().toLowerCase());
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) return { message: CSV_MSG.duplicateColumn(twice) };
  const unknown = names.filter(
    (name) => !(CSV_COLUMNS as readonly string[]).includes(name) && !CSV_OPTIONAL_COLUMNS.includes(name),
  );
  if (unknown.length) return { message: CSV_MSG.unknownColumns(unknown.map((name) => name || '(empty)')) };
  const missing = CSV_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) return { message: CSV_MSG.missingColumns(missing) };
  const optional = optionalHeaderProblem(names);
  if (optional) return { message: optional };
  return { at: Object.fromEntries(CSV_COLUMNS.map((column) => [column, names.indexOf(column)])) as never, names };
}

/** A price in cents up to the most a field takes, or null. */
const capped = (text: string) => {
  const cents = priceCents(text);
  return cents !== null && cents <= PRICE_MAX_CENTS ? cents : null;
};

/** One record as a row, or the first reason it is refused. */
function readRow(
  record: { line: number; fields: string[] },
  { at, names }: { at: Record<CsvColumn, number>; names: string[] },
): CsvRow | CsvRefusal {
  const field = (column: CsvColumn) => record.fields[at[column]] ?? '';
  const skuCode = field('sku_code').trim();
  const refuse = (reason: string): CsvRefusal => ({ line: record.line, skuCode, reason });
  if (record.fields.length !== names.length) return refuse(CSV_MSG.wrongFieldCount(record.fields.length, names.length));
  if (!skuCode) return refuse(CSV_MSG.noSkuCode);
  const priceUsd = readPrice('price_usd', field('price_usd'));
  if ('refused' in priceUsd) return refuse(priceUsd.refused);
  const priceCad = readPrice('price_cad', field('price_cad'));
  if ('refused' in priceCad) return refuse(priceCad.refused);
  const stock = readStock(field('stock'));
  if ('refused' in stock) return refuse(stock.refused);
  const optional = readOptional((column) => {
    const index = names.indexOf(column);
    return index < 0 ? undefined : (record.fields[index] ?? '');
  }, capped);
  if ('refused' in optional) return refuse(optional.refused);
  const setsOptional = Object.keys(optional).length > 0;
  if (priceUsd.value === null && priceCad.value === null && stock.value === null && !setsOptional)
    return refuse(CSV_MSG.nothingToChange);
  return {
    line: record.line,
    skuCode,
    priceUsd: priceUsd.value,
    priceCad: priceCad.value,
    stock: stock.value,
    ...optional,
  };
}

/**
 * Reads an import's text: the header (required, the four columns in any order), then each row,
 * refused with its reason when a field is not a price or a stock, or its SKU is on an earlier row.
 * A file that cannot be read at all (no header, too many rows, an unclosed quote) is one message.
 */
export function readImportCsv(text: string): CsvRead {
  const records = csvRecords(text);
  if ('unclosedAt' in records) return { ok: false, message: CSV_MSG.unclosedQuote(records.unclosedAt) };
  const [header, ...body] = records;
  if (!header) return { ok: false, message: CSV_MSG.empty };
  const read = readHeader(header.fields);
  if ('message' in read) return { ok: false, message: read.message };
  if (body.length === 0) return { ok: false, message: CSV_MSG.noRows };
  if (body.length > IMPORT_MAX_ROWS) return { ok: false, message: CSV_MSG.tooManyRows };
  const rows: CsvRow[] = [];
  const refused: CsvRefusal[] = [];
  const firstLine = new Map<string, number>();
  for (const record of body) {
    const row = readRow(record, read);
    const earlier = firstLine.get(row.skuCode.toUpperCase());
    if (row.skuCode && earlier !== undefined)
      refused.push({ line: row.line, skuCode: row.skuCode, reason: CSV_MSG.duplicateRow(earlier) });
    else if ('reason' in row) refused.push(row);
    else rows.push(row);
    if (row.skuCode && earlier === undefined) firstLine.set(row.skuCode.toUpperCase(), row.line);
  }
  return { ok: true, rows, refused };
}

/** One CSV field, quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * One exported line (with its CRLF): the SKU's code, its prices (empty when it has none) and stock,
 * then its core charges and its product's regulated columns (issue 40), so the file imports back unchanged.
 */
export function csvLine(
  row: { skuCode: string; priceUsd: number | null; priceCad: number | null; stock: number } & Partial<ExportedOptional>,
) {
  const price = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : centsText(cents));
  const optional = [price(row.coreUsd), price(row.coreCad), ...optionalTexts(row)];
  const fields = [csvField(row.skuCode), price(row.priceUsd), price(row.priceCad), `${row.stock}`];
  return `${[...fields, ...optional.map(csvField)].join(',')}\r\n`;
}

/** The header line of an export: the import's columns, then the optional ones. */
export const CSV_HEADER = `${[...CSV_COLUMNS, ...CSV_OPTIONAL_COLUMNS].join(',')}\r\n`;
