// Trims as a shopper knows them, and engines for every model-year of the popular models.
// vPIC lists several trims on one pattern when the VIN cannot tell them apart ("L/LE/SE/XLE",
// "SE/XLE Hybrid"); each is a real trim, so the list becomes one row per trim. "R/T" and
// "w/..." are names, not lists. Engines vPIC states without a trim go to the trims it states
// no engine for (or to every trim when each has one), so no engine is lost under a trimmed year.

/** Names vPIC gives one trim that would otherwise read as a list. */
const ONE_TRIM: Record<string, string> = { 'Work Truck/Fleet/Base': 'Work Truck' };

/** The single trims of a vPIC trim value: "SE/XLE Hybrid" → "SE Hybrid", "XLE Hybrid". */
export function normalizeTrim(trim: string): string[] {
  const known = ONE_TRIM[trim];
  if (known !== undefined) return [known];
  return trim
    .split(/\s+\/\s+|,\s*/)
    .flatMap((part) => {
      const names = part.split('/');
      const last = names[names.length - 1] ?? '';
      const space = last.indexOf(' ');
      const suffix = space > 0 && names.slice(0, -1).every((n) => !n.includes(' ')) ? last.slice(space) : '';
      const heads = suffix ? [...names.slice(0, -1), last.slice(0, space)] : names;
      if (heads.length < 2 || heads.every((n) => n.trim().length < 2) || /^w$/i.test(heads[0] ?? '')) return [part];
      return heads.map((n) => `${n.trim()}${suffix}`);
    })
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** A model-year's rows, [trim, engine text]. */
export type Row = [string, string];

/** The spelling a shopper reads: "A-Spec" rather than vPIC's shouted "A-SPEC", else the first one. */
function preferredSpelling(spellings: string[]): string {
  return spellings.find((t) => t !== t.toUpperCase()) ?? spellings[0] ?? '';
}

/** One spelling per trim within a model year: vPIC names some trims in two cases ("Base", "BASE"). */
function unifyTrimCase(rows: Row[]): Row[] {
  const spellings = new Map<string, string[]>();
  for (const [trim] of rows) {
    const key = trim.toLowerCase();
    const seen = spellings.get(key) ?? [];
    if (!seen.includes(trim)) spellings.set(key, [...seen, trim].sort());
  }
  return rows.map(([trim, engine]): Row => [preferredSpelling(spellings.get(trim.toLowerCase()) ?? [trim]), engine]);
}

/**
 * Moves engines stated without a trim under the year's trims (see the header), with one spelling
 * per trim; keeps rows unique.
 */
export function attachOrphanEngines(given: Row[]): Row[] {
  const rows = unifyTrimCase(given);
  const trims = [...new Set(rows.map(([t]) => t).filter((t) => t !== ''))];
  const orphans = rows.filter(([t, e]) => t === '' && e !== '').map(([, e]) => e);
  if (!trims.length || !orphans.length) return [...new Map(rows.map((r) => [r.join('\t'), r])).values()];
  const withEngine = new Set(rows.filter(([t, e]) => t !== '' && e !== '').map(([t]) => t));
  const targets = trims.filter((t) => !withEngine.has(t));
  const out = rows.filter(([t]) => t !== '');
  for (const trim of targets.length ? targets : trims) for (const engine of orphans) out.push([trim, engine]);
  const engined = new Set(out.filter(([, e]) => e !== '').map(([t]) => t));
  const unique = new Map(out.filter(([t, e]) => e !== '' || !engined.has(t)).map((r) => [r.join('\t'), r]));
  return [...unique.values()];
}
