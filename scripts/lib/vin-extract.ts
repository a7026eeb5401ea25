// The VIN → model extract: from vPIC's VIN schemas, the patterns that name a model (element 28)
// of our vehicle base, and the links that say which WMIs use which schema in which years.
//
// vPIC decodes a VIN with the patterns of every schema linked to its WMI for its model year
// (Wmi_VinSchema). Schemas are shared by WMIs (GM's 1G1, 2G1 and 3G1 use the same ones), so the
// extract keeps patterns per schema and links per WMI rather than one row per WMI and pattern.
import type { Vpic } from '../data/vpic/read.ts';
import { compareText, getOr } from '../data/vpic/util.ts';
import type { VehicleExtract } from '../data/vehicle-tree.ts';
import { boxToGlob } from './vin-glob.ts';

/** What kv-seed/vehicles/vin-patterns.json holds. */
export interface VinExtract {
  source: string;
  yearFrom: number;
  yearTo: number;
  makes: string[];
  /** [index into makes, model name as in vehicles.json]. */
  models: [number, string][];
  /** [vPIC VinSchema id, short GLOB of VIN positions 4-8 and 10-17 (scripts/lib/vin-glob.ts), index into models]. */
  patterns: [number, string, number][];
  /** [WMI, vPIC VinSchema id, first model year, last model year]. */
  links: [string, number, number, number][];
}

/** Links of the shop's WMIs clipped to the years of the vehicle base, one per WMI, schema and start. */
function shopLinks(vpic: Vpic, base: VehicleExtract, wmi: Record<string, number>): VinExtract['links'] {
  const seen = new Map<string, VinExtract['links'][number]>();
  for (const link of vpic.allLinks) {
    if (!(link.wmi in wmi)) continue;
    const from = Math.max(base.yearFrom, link.from);
    // vPIC leaves YearTo empty on open schemas; read.ts already took an end from the schema's name.
    const to = Math.min(base.yearTo, link.end ?? base.yearTo);
    if (from > to) continue;
    const key = `${link.wmi}\t${link.schema}\t${from}`;
    const old = seen.get(key);
    if (!old || old[3] < to) seen.set(key, [link.wmi, link.schema, from, to]);
  }
  return [...seen.values()];
}

/** The makes of the WMIs linked to each schema: a model pattern counts only under one of them. */
function makesOfSchemas(links: VinExtract['links'], vpic: Vpic): Map<number, Set<string>> {
  const makes = new Map<number, Set<string>>();
  for (const [wmi, schema] of links) {
    const set = getOr(makes, schema, () => new Set<string>());
    for (const make of vpic.wmiMakes.get(wmi) ?? []) set.add(make);
  }
  return makes;
}

/** Derives the extract: model patterns of our models in the schemas our WMIs link to. */
export function deriveVinExtract(
  vpic: Vpic,
  base: VehicleExtract,
  wmi: Record<string, number>,
  source: string,
): VinExtract {
  const inBase = new Set(base.models.map(([make, name]) => `${base.makes[make]}\t${name}`));
  const candidateLinks = shopLinks(vpic, base, wmi);
  const schemaMakes = makesOfSchemas(candidateLinks, vpic);
  const found = new Map<string, [number, string, string, string]>(); // key → [schema, glob, make, model]
  for (const [schemaId, makes] of schemaMakes) {
    for (const pattern of vpic.schemas.get(schemaId)?.models ?? []) {
      const named = vpic.modelOf.get(pattern.value);
      if (!named || !makes.has(named[0]) || !inBase.has(`${named[0]}\t${named[1]}`)) continue;
      const glob = boxToGlob(pattern.box);
      found.set(`${schemaId}\t${glob}\t${named[0]}\t${named[1]}`, [schemaId, glob, named[0], named[1]]);
    }
  }
  const rows = [...found.values()];
  const makes = [...new Set(rows.map(([, , make]) => make))].sort(compareText);
  const makeIndex = new Map(makes.map((make, i) => [make, i]));
  const modelKeys = [...new Set(rows.map(([, , make, model]) => `${make}\t${model}`))]
    .map((key) => key.split('\t') as [string, string])
    .sort((a, b) => compareText(a[0], b[0]) || compareText(a[1], b[1]));
  const modelIndex = new Map(modelKeys.map(([make, model], i) => [`${make}\t${model}`, i]));
  const patterns: VinExtract['patterns'] = rows
    .map(([schema, glob, make, model]): [number, string, number] => [
      schema,
      glob,
      modelIndex.get(`${make}\t${model}`) ?? -1,
    ])
    .sort((a, b) => a[0] - b[0] || compareText(a[1], b[1]) || a[2] - b[2]);
  const shared = shareSchemas(patterns, candidateLinks);
  return {
    source,
    yearFrom: base.yearFrom,
    yearTo: base.yearTo,
    makes,
    models: modelKeys.map(([make, model]) => [makeIndex.get(make) ?? -1, model]),
    ...shared,
  };
}

/**
 * vPIC repeats one schema's model patterns under several schema ids (one per WMI or per
 * model-year range). Keeps the patterns of the lowest id of each identical set, points the
 * links at it, and joins a WMI's links to one schema whose years touch or overlap.
 */
function shareSchemas(
  patterns: VinExtract['patterns'],
  links: VinExtract['links'],
): Pick<VinExtract, 'patterns' | 'links'> {
  const contents = new Map<number, string[]>();
  for (const [schema, glob, model] of patterns) getOr(contents, schema, () => []).push(`${glob}\t${model}`);
  const canonical = new Map<number, number>();
  const firstWith = new Map<string, number>();
  for (const [schema, rows] of [...contents].sort((a, b) => a[0] - b[0])) {
    const key = rows.join('\n'); // rows arrive sorted by glob and model
    canonical.set(
      schema,
      getOr(firstWith, key, () => schema),
    );
  }
  const years = new Map<string, [number, number][]>();
  for (const [wmi, schema, from, to] of links) {
    const target = canonical.get(schema);
    if (target !== undefined) getOr(years, `${wmi}\t${target}`, () => []).push([from, to]);
  }
  const merged: VinExtract['links'] = [];
  for (const [key, ranges] of years) {
    const [wmi = '', schema = ''] = key.split('\t');
    ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let open: VinExtract['links'][number] | null = null;
    for (const [from, to] of ranges) {
      if (open && from <= open[3] + 1) open[3] = Math.max(open[3], to);
      else {
        open = [wmi, Number(schema), from, to];
        merged.push(open);
      }
    }
  }
  merged.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0) || a[2] - b[2] || a[1] - b[1] || a[3] - b[3]);
  return { patterns: patterns.filter(([schema]) => canonical.get(schema) === schema), links: merged };
}

/** The extract as one line of JSON (same data → same bytes). */
export function renderVinExtract(extract: VinExtract): string {
  return JSON.stringify(extract);
}
