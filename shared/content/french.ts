/**
 * Content in French (issue 37): a merchandiser writes each text field's French beside the English
 * one, as the same name with `Fr` ("title" and "titleFr"; a list of texts, "paragraphs" and
 * "paragraphsFr"). A French page reads the French where it is written and the English where it is
 * not (the editors show which are missing).
 */

const translated = new WeakMap<object, unknown>();

/** A written French twin: a text, or a list of texts (a page's paragraphs). */
const isWritten = (value: unknown): value is string | string[] =>
  typeof value === 'string'
    ? value.trim() !== ''
    : Array.isArray(value) && value.length > 0 && value.every((text) => typeof text === 'string' && text.trim());

/** The content with every written `<field>Fr` in place of `<field>`; the same object gives the same copy. */
export function contentInFrench<T>(content: T): T {
  if (Array.isArray(content)) return content.map(contentInFrench) as T;
  if (!content || typeof content !== 'object') return content;
  const known = translated.get(content);
  if (known) return known as T;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(content)) copy[key] = contentInFrench(value);
  for (const [key, value] of Object.entries(content)) {
    if (key.endsWith('Fr') && isWritten(value)) copy[key.slice(0, -2)] = value;
  }
  translated.set(content, copy);
  return copy as T;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * A value as a schema parsed it, with the written `<field>Fr` of the raw value put back beside each
 * field (a schema keeps only the English fields it knows), so an editor's publish keeps the French.
 */
export function withFrenchOf<T>(parsed: T, raw: unknown): T {
  if (Array.isArray(parsed)) {
    return (Array.isArray(raw) ? parsed.map((value, index) => withFrenchOf(value, raw[index])) : parsed) as T;
  }
  if (!isRecord(parsed) || !isRecord(raw)) return parsed;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) copy[key] = withFrenchOf(value, raw[key]);
  for (const [key, value] of Object.entries(raw)) {
    if (key.endsWith('Fr') && isWritten(value))
      copy[key] = typeof value === 'string' ? value.trim() : value.map((text) => text.trim());
  }
  return copy as T;
}

/** The text fields of an item that have no French yet (the editors list them). */
export function missingFrench(item: Record<string, unknown>, fields: readonly string[]): string[] {
  return fields.filter((field) => {
    const english = item[field];
    const french = item[`${field}Fr`];
    return typeof english === 'string' && english.trim() !== '' && !(typeof french === 'string' && french.trim());
  });
}

/** The content config key of the French names merchandisers give promotions, by English name. */
export const PROMOTION_NAMES_KEY = 'promotion-names';

/** The French promotion names a `promotion-names` config holds (its `namesFr`), by English name. */
export function promotionNamesOf(config: Record<string, unknown> | null): Record<string, string> {
  const names = config?.namesFr;
  if (!names || typeof names !== 'object') return {};
  return Object.fromEntries(
    Object.entries(names).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
