/**
 * What a shopper typed into search, taken apart without any data: the words, a model year, the runs of words that
 * could name a vehicle, and spelling corrections against a vocabulary the caller supplies. Pure: the server looks the
 * vehicle words up and builds the vocabulary; this file only decides from what it is given.
 */

/** Model years a query may name (the vehicle base holds 1990-2027; a little room either side). */
const YEAR_MIN = 1950;
const YEAR_MAX = 2050;
/** Vehicle names run to three words ("Town & Country", "Silverado 1500 HD"). */
const MAX_VEHICLE_WORDS = 3;
/** The most words a query is read for. */
const MAX_WORDS = 12;

/** One word of a query as typed (lowercased) with its compact key: letters and digits only ("F-150" -> "f150"). */
export interface QueryWord {
  text: string;
  key: string;
}

/** A run of adjacent words that may name a make or a model, with their joined key ("f 150" -> "f150"). */
export interface VehicleCandidate {
  /** Index of the run's first word in the query's words. */
  start: number;
  length: number;
  key: string;
}

/** A query taken apart: its words, the model year and engine size it names (if any) and where they are. */
export interface ParsedQuery {
  words: QueryWord[];
  year: number | null;
  yearIndex: number | null;
  /** An engine's displacement in litres ("5.0", "2.7l"), or null. */
  displacement: number | null;
  displacementIndex: number | null;
}

/** Letters and digits only, lowercased: how names are compared ("CR-V", "crv" and "Cr V" agree). */
export function compactKey(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Splits the typed text into words, keeping inner hyphens, dots and slashes ("f-150", "5.7l", "1/2"). */
export function queryWords(text: string): QueryWord[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200B-\u200F\u2060\uFEFF]/g, '')
    .split(/[^\p{L}\p{N}\-./&']+/u)
    .map((word) => word.replace(/^[-./&']+|[-./&']+$/g, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_WORDS)
    .map((word) => ({ text: word, key: compactKey(word) }));
}

/** A four-digit model year, or null ("2018" -> 2018; "'18" and "18" are too ambiguous to read as years). */
export function yearOf(word: string): number | null {
  if (!/^\d{4}$/.test(word)) return null;
  const year = Number(word);
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : null;
}

/** An engine's displacement in litres, as shoppers write it ("5.0", "5.0l", "2.7L"), or null. */
export function displacementOf(word: string): number | null {
  const match = /^(\d{1,2}\.\d)l?$/.exec(word.toLowerCase());
  if (!match) return null;
  const litres = Number(match[1]);
  return litres >= 0.6 && litres <= 10 ? litres : null;
}

/** Reads a query: its words, the first model year among them and the first engine size. */
export function parseSearchQuery(text: string): ParsedQuery {
  const words = queryWords(text);
  const yearIndex = words.findIndex((word) => yearOf(word.text) !== null);
  const displacementIndex = words.findIndex((word) => displacementOf(word.text) !== null);
  return {
    words,
    year: yearIndex >= 0 ? yearOf(words[yearIndex]!.text) : null,
    yearIndex: yearIndex >= 0 ? yearIndex : null,
    displacement: displacementIndex >= 0 ? displacementOf(words[displacementIndex]!.text) : null,
    displacementIndex: displacementIndex >= 0 ? displacementIndex : null,
  };
}

/** A part number ("DS-BRA000001", "CF20715") rather than a word: long runs of digits mixed with letters. */
export function looksLikePartNumber(word: string): boolean {
  const digits = word.replace(/\D/g, '').length;
  return word.length > 14 || (digits >= 4 && /\p{L}/u.test(word) && digits + 1 < word.length);
}

/**
 * The runs of up to three adjacent words that could name a make or model: every run made only of words that are
 * not known part words, not the year and not part numbers. Longest runs first, so "silverado 1500" wins over
 * "silverado".
 */
export function vehicleCandidates(parsed: ParsedQuery, isPartWord: (word: string) => boolean): VehicleCandidate[] {
  const open = parsed.words.map(
    (word, index) =>
      index !== parsed.yearIndex &&
      index !== parsed.displacementIndex &&
      !isPartWord(word.text) &&
      !looksLikePartNumber(word.text),
  );
  const runs: VehicleCandidate[] = [];
  for (let length = MAX_VEHICLE_WORDS; length >= 1; length--)
    for (let start = 0; start + length <= parsed.words.length; start++) {
      const slice = parsed.words.slice(start, start + length);
      if (!open.slice(start, start + length).every(Boolean)) continue;
      const key = slice.map((word) => word.key).join('');
      // A model may be a number ("1500", "500") but not a one- or two-digit one ("2 pads").
      if (key.length >= 2 && (/\p{L}/u.test(key) || key.length >= 3)) runs.push({ start, length, key });
    }
  return runs;
}

/** Words that only join a vehicle to the part ("pads for 2018 camry", "rotors fits my f-150"). */
const VEHICLE_JOINERS = new Set(['for', 'fits', 'fit', 'fitting', 'to', 'on', 'my', 'a', 'an', 'the']);

/** The query's words without the ones at these indexes (and the joiners just before them), as text. */
export function withoutWords(parsed: ParsedQuery, indexes: ReadonlySet<number>): string {
  const dropped = new Set(indexes);
  for (let index = parsed.words.length - 1; index >= 0; index--)
    if (!dropped.has(index) && dropped.has(index + 1) && VEHICLE_JOINERS.has(parsed.words[index]!.text))
      dropped.add(index);
  return parsed.words
    .filter((_, index) => !dropped.has(index))
    .map((word) => word.text)
    .join(' ');
}

/**
 * Optimal string alignment distance (Levenshtein with adjacent swaps), giving up above `max`: "brak" -> "brake" is 1,
 * "braek" -> "brake" is 1, "headlite" -> "headlight" is 2.
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    [before, previous] = [previous, current];
  }
  return previous[b.length]!;
}

/** How many typing mistakes a word of this length may hold and still be corrected. */
export function allowedMistakes(word: string): number {
  if (word.length <= 3) return 0;
  return word.length <= 5 ? 1 : 2;
}

/**
 * The vocabulary word a misspelt word most likely meant: the nearest within its allowed mistakes, the more common one
 * on a tie, then the one sharing its first letter. Null when the word is known, a number or part number, or nothing
 * is near.
 */
export function correctWord(word: string, vocabulary: ReadonlyMap<string, number>): string | null {
  if (vocabulary.has(word) || /\d/.test(word)) return null;
  const max = allowedMistakes(word);
  if (max === 0) return null;
  let best: { word: string; distance: number; count: number; first: boolean } | null = null;
  for (const [candidate, count] of vocabulary) {
    const distance = editDistance(word, candidate, max);
    if (distance > max) continue;
    const first = candidate[0] === word[0];
    const better =
      !best ||
      distance < best.distance ||
      (distance === best.distance && (first !== best.first ? first : count > best.count));
    if (better) best = { word: candidate, distance, count, first };
  }
  return best?.word ?? null;
}

/** The query with each misspelt word corrected, or null when nothing needed correcting. */
export function correctQuery(text: string, vocabulary: ReadonlyMap<string, number>): string | null {
  const words = queryWords(text).map((word) => word.text);
  let changed = false;
  const corrected = words.map((word) => {
    const fix = correctWord(word, vocabulary);
    if (fix) changed = true;
    return fix ?? word;
  });
  return changed ? corrected.join(' ') : null;
}

/** The singular of a plain English part word ("pads" -> "pad", "batteries" -> "battery", "glass" stays). */
export function singular(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us)$/.test(word)) return word;
  return word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
}
