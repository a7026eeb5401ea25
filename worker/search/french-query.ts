/**
 * A French search in the catalog's English words (issue 37): "plaquettes de frein", "plaquette frein" and
 * "filtre a huile" find brake pads and oil filters. Accents, small words (de, à, pour ...) and plurals
 * do not matter; part numbers, brands and vehicles pass through unchanged.
 */
import words from '../../shared/i18n/catalog-fr.json' with { type: 'json' };

const SMALL_WORDS = new Set(['de', 'du', 'des', 'd', 'la', 'le', 'les', 'l', 'a', 'au', 'aux', 'pour', 'en', 'et']);

/** Lowercase, accents off, apostrophes split ("d'huile" -> "d huile"). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]/g, ' ');

/** A French word as the dictionary keys it: singular, without accents. */
const stem = (word: string) => (word.length > 3 ? word.replace(/(?:s|x)$/, '') : word);

/** The meaningful words of a French phrase, stemmed. */
const keyOf = (text: string) =>
  fold(text)
    .split(/[^a-z0-9.-]+/)
    .filter((word) => word && !SMALL_WORDS.has(word))
    .map(stem);

const { categories, variants, titles } = words as Record<string, Record<string, string>>;

/** A title template's part words: "{brand} {variant} Wiper Blade, {size}" -> "Wiper Blade". */
const partOf = (template: string) =>
  template
    .split(',')[0]!
    .replace(/\{\w+\}/g, '')
    .trim();
const titleParts = Object.entries(titles!)
  .map(([english, french]) => [partOf(english), partOf(french)] as const)
  .filter(([english, french]) => english && french);

/** French phrases (as word keys) and the English words they stand for, longest first. */
const PHRASES = [...Object.entries(categories!), ...titleParts, ...Object.entries(variants!)]
  .map(([english, french]) => ({ key: keyOf(french), english: english.toLowerCase() }))
  .filter((phrase) => phrase.key.length > 0 && !/^\d/.test(phrase.english))
  .sort((a, b) => b.key.length - a.key.length);

/** The English search for a French one; a query with no French part words is returned as typed. */
export function englishSearch(query: string): string {
  const tokens = query
    .trim()
    .split(/[\s'’]+/)
    .filter(Boolean);
  const keys = tokens.map((token) =>
    SMALL_WORDS.has(fold(token).replace(/\s/g, '')) ? null : stem(fold(token).trim()),
  );
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < tokens.length; ) {
    if (keys[i] === null) {
      i++;
      continue;
    }
    const found = PHRASES.find((phrase) =>
      phrase.key.every((key, k) => nextKeys(keys, i, phrase.key.length)[k] === key),
    );
    if (found) {
      out.push(found.english);
      i = skipKeys(keys, i, found.key.length);
      changed = true;
    } else {
      out.push(tokens[i]!);
      i++;
    }
  }
  return changed ? out.join(' ') : query;
}

/** The next `count` meaningful keys from `start` (small words skipped). */
function nextKeys(keys: (string | null)[], start: number, count: number): string[] {
  const found: string[] = [];
  for (let i = start; i < keys.length && found.length < count; i++) if (keys[i] !== null) found.push(keys[i]!);
  return found;
}

/** The index after `count` meaningful keys from `start`. */
function skipKeys(keys: (string | null)[], start: number, count: number): number {
  let i = start;
  for (let seen = 0; i < keys.length && seen < count; i++) if (keys[i] !== null) seen++;
  return i;
}
