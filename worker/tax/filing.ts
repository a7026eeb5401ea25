/**
 * The filing report (issue 39): per jurisdiction and month, the taxable sales, the sales a
 * certificate made exempt (both net of what refunds and cancellations gave back), the tax collected,
 * the tax refunds and cancellations gave back, and the net owed. US jurisdictions are the tax
 * services' (a state, a county, a city, a special district); Canada's are its registrations: GST/HST
 * (one return for every province), QST, and each PST. Sales are filed in the month they were paid,
 * reversals in the month they were recorded (UTC).
 */
import { currencyOf, type Currency, type MarketId } from '../../shared/markets.ts';
import { CA_REGISTRATIONS, registrationFor } from '../../shared/tax-registrations.ts';
import { jurisdictionLabel, type JurisdictionLevel } from '../../shared/tax.ts';
import { type JurisdictionMonthRow, taxReportsRepository } from './reports-repository.ts';

export interface FilingFilter {
  market: MarketId;
  /** The first and last months, YYYY-MM. */
  from: string;
  to: string;
}

export interface FilingAmounts {
  /** Sales taxable there, less those refunds and cancellations gave back in the month. */
  taxableCent: number;
  /** Sales a certificate made exempt there, less those given back in the month. */
  exemptCent: number;
  taxCent: number;
  reversedCent: number;
  netCent: number;
}

export interface FilingRow extends FilingAmounts {
  month: string;
  /** The jurisdiction's code: the tax services' ('US-OH', 'US-OH-FRANKLIN'), or a Canadian registration. */
  jurisdiction: string;
  name: string;
  /** The state or province it lies in; '' for GST/HST, filed once for all of Canada. */
  region: string;
}

export interface FilingTotal extends FilingAmounts {
  jurisdiction: string;
  name: string;
  region: string;
}

export interface FilingReport {
  filter: FilingFilter;
  currency: Currency;
  rows: FilingRow[];
  /** Each jurisdiction over the whole range. */
  totals: FilingTotal[];
  total: FilingAmounts;
}

export const FILING_MSG = {
  month: 'Enter the months as YYYY-MM.',
  order: 'The first month must not be after the last.',
  range: (months: number) => `Choose at most ${months} months at a time.`,
  market: 'Choose the US or Canada.',
} as const;
export const FILING_MAX_MONTHS = 36;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
const monthStart = (month: string) => Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);

/** The default: this month and the two before it (a quarter's filing). */
export function defaultFilingFilter(now: number): FilingFilter {
  const to = new Date(now).toISOString().slice(0, 7);
  return { market: 'us', from: monthOf(monthIndex(to) - 2), to };
}

/** The filter a query asks for; an error (with the filter as asked, for the form) when it is not one. */
export function readFilingFilter(
  query: { market?: string; from?: string; to?: string },
  now: number,
): { ok: true; filter: FilingFilter } | { ok: false; error: string; asked: Record<keyof FilingFilter, string> } {
  const fallback = defaultFilingFilter(now);
  const asked = {
    market: (query.market ?? fallback.market).trim().slice(0, 10),
    from: (query.from ?? fallback.from).trim().slice(0, 10),
    to: (query.to ?? fallback.to).trim().slice(0, 10),
  };
  if (asked.market !== 'us' && asked.market !== 'ca') return { ok: false, error: FILING_MSG.market, asked };
  if (!MONTH.test(asked.from) || !MONTH.test(asked.to)) return { ok: false, error: FILING_MSG.month, asked };
  if (asked.from > asked.to) return { ok: false, error: FILING_MSG.order, asked };
  if (monthIndex(asked.to) - monthIndex(asked.from) >= FILING_MAX_MONTHS)
    return { ok: false, error: FILING_MSG.range(FILING_MAX_MONTHS), asked };
  return { ok: true, filter: { market: asked.market, from: asked.from, to: asked.to } };
}

/** Canada's registrations as the report names them. */
const CA_FILING_NAME: Readonly<Record<string, string>> = {
  'GST/HST': 'GST/HST (Canada Revenue Agency)',
  QST: 'QST (Revenu Québec)',
  'PST-BC': 'PST (British Columbia)',
  'PST-MB': 'RST (Manitoba)',
  'PST-SK': 'PST (Saskatchewan)',
};

/** The jurisdiction a ledger row is filed under. */
function jurisdictionOf(
  market: MarketId,
  row: Pick<JurisdictionMonthRow, 'code' | 'name' | 'level' | 'region' | 'taxName'>,
) {
  if (market === 'ca') {
    const key = registrationFor('ca', row.region, row.taxName);
    return { jurisdiction: key, name: CA_FILING_NAME[key] ?? key, region: key === 'GST/HST' ? '' : row.region };
  }
  const name = jurisdictionLabel(row.name, row.level as JurisdictionLevel);
  const jurisdiction = row.taxName === 'Sales Tax' ? row.code : `${row.code} ${row.taxName}`;
  return { jurisdiction, name, region: row.region };
}

const zero = (): FilingAmounts => ({ taxableCent: 0, exemptCent: 0, taxCent: 0, reversedCent: 0, netCent: 0 });

function add(into: FilingAmounts, amounts: Partial<FilingAmounts>) {
  into.taxableCent += amounts.taxableCent ?? 0;
  into.exemptCent += amounts.exemptCent ?? 0;
  into.taxCent += amounts.taxCent ?? 0;
  into.reversedCent += amounts.reversedCent ?? 0;
  into.netCent = into.taxCent - into.reversedCent;
}

/** Canadian registrations in their own order, US jurisdictions by state, then widest first. */
function rank(market: MarketId, row: { jurisdiction: string; region: string; name: string }): string {
  if (market === 'ca')
    return String((CA_REGISTRATIONS as readonly string[]).indexOf(row.jurisdiction)).padStart(2, '0');
  return `${row.region}|${row.name.endsWith(' state tax') ? 0 : 1}|${row.name}`;
}

/** The map's entry under `key`, made first when there is none. */
function entryOf<T>(map: Map<string, T>, key: string, make: () => T): T {
  const found = map.get(key);
  if (found) return found;
  const made = make();
  map.set(key, made);
  return made;
}

/** The report for a filter. */
export async function filingReport(db: D1Database, filter: FilingFilter): Promise<FilingReport> {
  const { market } = filter;
  const from = monthStart(filter.from);
  const to = monthStart(monthOf(monthIndex(filter.to) + 1));
  const reports = taxReportsRepository(db);
  const [sold, reversed] = await Promise.all([
    reports.taxBySoldMonth(market, from, to),
    reports.reversedByMonth(market, from, to),
  ]);
  const byKey = new Map<string, FilingRow>();
  const rowFor = (month: string, where: { jurisdiction: string; name: string; region: string }) =>
    entryOf(byKey, `${month}|${where.jurisdiction}|${where.region}`, () => ({ month, ...where, ...zero() }));
  for (const line of sold) {
    const { taxableCent, exemptCent, taxCent } = line;
    add(rowFor(line.month, jurisdictionOf(market, line)), { taxableCent, exemptCent, taxCent });
  }
  for (const line of reversed)
    add(rowFor(line.month, jurisdictionOf(market, line)), {
      taxableCent: -line.taxableCent,
      exemptCent: -line.exemptCent,
      reversedCent: line.taxCent,
    });
  const rows = [...byKey.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || rank(market, a).localeCompare(rank(market, b)),
  );
  const totalsByKey = new Map<string, FilingTotal>();
  const total = zero();
  for (const row of rows) {
    const { jurisdiction, name, region } = row;
    add(
      entryOf(totalsByKey, `${jurisdiction}|${region}`, () => ({ jurisdiction, name, region, ...zero() })),
      row,
    );
    add(total, row);
  }
  const totals = [...totalsByKey.values()].sort((a, b) => rank(market, a).localeCompare(rank(market, b)));
  return { filter, currency: currencyOf(market), rows, totals, total };
}

/** A CSV cell: text a spreadsheet would run as a formula (= + - @, a tab or return first) is quoted with a '. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return (value / 100).toFixed(2);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const FILING_CSV_HEADER = [
  'Month',
  'Market',
  'Currency',
  'Jurisdiction code',
  'Jurisdiction',
  'Region',
  'Taxable sales',
  'Exempt sales',
  'Tax collected',
  'Tax given back by refunds',
  'Net tax',
];

/** The report as CSV (amounts in dollars, two decimals), one line per jurisdiction and month. */
export function filingCsv(report: FilingReport): string {
  const { market } = report.filter;
  const lines = report.rows.map((row) =>
    [
      row.month,
      market.toUpperCase(),
      report.currency,
      row.jurisdiction,
      row.name,
      row.region,
      row.taxableCent,
      row.exemptCent,
      row.taxCent,
      row.reversedCent,
      row.netCent,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[FILING_CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
