/**
 * The import's optional columns (issue 40): each SKU's core charge per currency, and what the law and
 * the carriers say of its product (emissions kind, status and CARB EO, Prop 65 kind and chemicals,
 * hazardous-materials and size class). A file without them leaves them as they are; with them, an
 * empty field is none (no core, not regulated). The regulated columns go together, since one is read
 * with the others (a 50-state status needs its EO number).
 */
import { type RegulatedField, type RegulatedValues, readRegulated, regulatedText } from './regulated-fields.ts';

export const CSV_CORE_COLUMNS = ['core_charge_usd', 'core_charge_cad'] as const;

/** The regulated columns and the editor's field each is read as. */
export const CSV_REGULATED_COLUMNS = {
  emissions_kind: 'emissionsKind',
  emissions_status: 'emissionsStatus',
  carb_eo: 'carbEo',
  prop65_kind: 'prop65Kind',
  prop65_chemicals: 'prop65Chemicals',
  hazmat_class: 'hazmatClass',
  size_class: 'sizeClass',
} as const satisfies Record<string, RegulatedField>;

export const CSV_OPTIONAL_COLUMNS = [...CSV_CORE_COLUMNS, ...Object.keys(CSV_REGULATED_COLUMNS)] as readonly string[];

export const CSV_OPTIONAL_MSG = {
  regulatedTogether: `The regulated columns go together: ${Object.keys(CSV_REGULATED_COLUMNS).join(', ')}.`,
  badCore: (column: string, value: string) =>
    `${column} "${value}" is not a core charge. Write dollars and cents above 0, like 45.00, or leave it empty.`,
} as const;

/** What a row sets of the optional columns: undefined when the file has no such column. */
export interface CsvOptional {
  coreUsd?: number | null;
  coreCad?: number | null;
  regulated?: RegulatedValues;
}

/** Why the header's optional columns cannot be read, or null. */
export function optionalHeaderProblem(names: readonly string[]): string | null {
  const regulated = Object.keys(CSV_REGULATED_COLUMNS).filter((column) => names.includes(column));
  return regulated.length > 0 && regulated.length < Object.keys(CSV_REGULATED_COLUMNS).length
    ? CSV_OPTIONAL_MSG.regulatedTogether
    : null;
}

/**
 * A row's optional fields (`field` answers a column's text, or undefined when the file lacks it), or
 * the first reason they are refused. `price` reads a positive price in cents (null when it is not one).
 */
export function readOptional(
  field: (column: string) => string | undefined,
  price: (text: string) => number | null,
): CsvOptional | { refused: string } {
  const optional: CsvOptional = {};
  for (const [column, key] of [
    ['core_charge_usd', 'coreUsd'],
    ['core_charge_cad', 'coreCad'],
  ] as const) {
    const text = field(column);
    if (text === undefined) continue;
    if (text.trim() === '') optional[key] = null;
    else {
      const cents = price(text);
      if (cents === null || cents <= 0) return { refused: CSV_OPTIONAL_MSG.badCore(column, text.trim()) };
      optional[key] = cents;
    }
  }
  if (field('emissions_kind') !== undefined) {
    const form = Object.fromEntries(
      Object.entries(CSV_REGULATED_COLUMNS).map(([column, name]) => [name, field(column) ?? '']),
    );
    const read = readRegulated(form);
    if ('errors' in read) return { refused: Object.values(read.errors)[0]! };
    optional.regulated = read.values;
  }
  return optional;
}

/** What an exported row carries of the optional columns: its core charges and its product's regulated columns. */
export type ExportedOptional = { coreUsd: number | null; coreCad: number | null } & RegulatedValues;

/** The regulated columns of an exported row as text, in the header's order (empty when none). */
export function optionalTexts(row: Partial<RegulatedValues>): string[] {
  const full = Object.fromEntries(
    Object.values(CSV_REGULATED_COLUMNS).map((name) => [name, row[name] ?? null]),
  ) as RegulatedValues;
  const texts = regulatedText(full);
  return Object.values(CSV_REGULATED_COLUMNS).map((name) => texts[name]);
}
