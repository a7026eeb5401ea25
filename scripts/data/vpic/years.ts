// Model years of the schema links.
//
// A link Wmi_VinSchema covers YearFrom..YearTo. vPIC leaves YearTo NULL on many
// schemas that ended long ago (Cruze "... - 2019", Eagle Medallion "( 1989 - )"), so a NULL
// YearTo is resolved in this order:
//   1. the schema's name gives the end: "- 2019", "(MY2022)", "(2010-2011)" close it, and
//      "(MY2026-", "( 1989 - )" or a name without a year leave it open;
//   2. an open link of a model ends the year before that model's next link of the same WMI;
//   3. otherwise it runs to 2027 if the model is current (it has an open link from 2024 on
//      or a link ending 2026 or later), else to the model's last year vPIC states anywhere.
import type { LinkRow, Schema } from './read.ts';
import { CURRENT_SINCE, YEAR_TO } from './scope.ts';
import { getOr } from './util.ts';

/** A link of a kept WMI to a schema, from a model year on. */
export interface Link {
  wmi: string;
  schema: Schema;
  from: number;
  /** Last year, from YearTo or the schema's name; null = open. */
  end: number | null;
}
/** The last model year of a link for one of its models (null: a schema without models). */
export type LinkEnd = (l: Link, model: string | null) => number;

/** End year of a schema's name, "- 2019", "(MY2010-2011)"; null when the name leaves it open. */
export function nameEnd(name: string, from: number): number | null {
  const range = [...name.matchAll(/(?:19|20)\d\d\s*-\s*(?:MY\s*)?((?:19|20)\d\d)/gi)].pop();
  if (range) return Math.max(from, Number(range[1]));
  if (/(?:19|20)\d\d\s*-(?!\s*(?:MY\s*)?\d)/i.test(name)) return null;
  const years = [...name.matchAll(/(?:19|20)\d\d/g)].map((m) => Number(m[0]));
  const last = years[years.length - 1];
  return last === undefined ? null : Math.max(from, last);
}

/** Links of kept WMIs with their schemas (a schema without patterns gets an empty one). */
export function toLinks(keptRows: LinkRow[], schemas: Map<number, Schema>): Link[] {
  const empty: Schema = { id: 0, models: [], others: [] };
  return keptRows.map((r) => ({ wmi: r.wmi, schema: schemas.get(r.schema) ?? empty, from: r.from, end: r.end }));
}

/** The model values of a link's schema. */
export const modelsOfLink = (l: Link): Set<string> => new Set(l.schema.models.map((p) => p.value));

/** Resolves the last year of links (see the header: a NULL YearTo is resolved by name, successor, currency). */
export function linkEnds(links: Link[]): LinkEnd {
  const current = new Set<string>();
  const latest = new Map<string, number>();
  const starts = new Map<string, number[]>(); // "WMI\tmodel" → YearFroms of its links
  for (const l of links) {
    for (const m of modelsOfLink(l)) {
      if (l.end === null ? l.from >= CURRENT_SINCE : l.end >= CURRENT_SINCE + 2) current.add(m);
      latest.set(m, Math.max(latest.get(m) ?? 0, l.end ?? l.from));
      getOr(starts, `${l.wmi}\t${m}`, () => []).push(l.from);
    }
  }
  return (l, model) => {
    if (l.end !== null) return Math.min(YEAR_TO, l.end);
    if (model === null) return YEAR_TO; // a schema without models: engines, plants...
    const next = Math.min(...(starts.get(`${l.wmi}\t${model}`) ?? []).filter((y) => y > l.from));
    if (Number.isFinite(next)) return next - 1;
    return current.has(model) ? YEAR_TO : Math.min(YEAR_TO, Math.max(l.from, latest.get(model) ?? l.from));
  };
}
