// vPIC VIN patterns as SQLite GLOB patterns, so D1 can match a VIN with `vin GLOB pattern`.
//
// The extract keeps a pattern short: its VIN positions 4-8 and 10-17 (the positions vPIC's
// Keys describe; the WMI, 1-3, is matched through the schema link, and position 9 is the
// check digit), one GLOB token each: '?' any character, 'A' itself, '[0-9AC]' a class; the
// positions after the last token are free. The database holds the same pattern over the whole
// 17-character VIN (vinGlob), and a breadth that orders patterns from specific to broad.
import { at, type Box } from '../data/vpic/box.ts';

const SYMBOLS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** VIN positions 4-8 and 10-17: the positions a short pattern covers. */
const POSITIONS = 13;
const VDS = 5;

/** The characters of a 36-bit character set, in VIN symbol order. */
function symbolsOf(set: number): string {
  let out = '';
  for (let i = 0; i < SYMBOLS.length; i++) if (Math.floor(set / 2 ** i) % 2 === 1) out += SYMBOLS[i];
  return out;
}

/** One GLOB token for a set of characters; runs of three or more become ranges (never across 9-A). */
function token(chars: string): string {
  if (chars.length === SYMBOLS.length) return '?';
  if (chars.length === 1) return chars;
  let body = '';
  for (let i = 0; i < chars.length; ) {
    let j = i;
    const code = (k: number): number => chars.charCodeAt(k);
    while (j + 1 < chars.length && code(j + 1) === code(j) + 1) j++;
    body += j - i >= 2 ? `${chars[i]}-${chars[j]}` : chars.slice(i, j + 1);
    i = j + 1;
  }
  return `[${body}]`;
}

/** A vPIC pattern box (see scripts/data/vpic/box.ts) → the short GLOB of positions 4-8 and 10-17. */
export function boxToGlob(box: Box): string {
  const tokens: string[] = [];
  for (let i = 0; i < Math.min(box.length, POSITIONS); i++) tokens.push(token(symbolsOf(at(box, i))));
  while (tokens.at(-1) === '?') tokens.pop();
  return tokens.join('');
}

/** The tokens of a short GLOB. Throws on anything boxToGlob would not write. */
export function globTokens(glob: string): string[] {
  const tokens = glob.match(/\?|[0-9A-Z]|\[[0-9A-Z-]+\]/g) ?? [];
  if (tokens.join('') !== glob || tokens.length > POSITIONS) throw new Error(`not a short VIN pattern: "${glob}"`);
  return tokens;
}

/** The short GLOB over the whole VIN: any WMI, positions 4-8, any check digit, then 10-17. */
export function vinGlob(glob: string): string {
  const tokens = globTokens(glob);
  while (tokens.length < VDS) tokens.push('?');
  const tail = tokens.length < POSITIONS ? '*' : '';
  return `???${tokens.slice(0, VDS).join('')}?${tokens.slice(VDS).join('')}${tail}`;
}

/** How many characters a token allows. */
function width(tok: string): number {
  if (tok === '?') return SYMBOLS.length;
  if (!tok.startsWith('[')) return 1;
  let n = 0;
  const body = tok.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-') {
      n += body.charCodeAt(i + 2) - body.charCodeAt(i) + 1;
      i += 2;
    } else n++;
  }
  return n;
}

/**
 * 1000 × ln(number of VINs a short GLOB matches over positions 4-8 and 10-17), rounded: the
 * smaller, the more specific. vPIC lets the narrower of two matching patterns decide.
 */
export function globBreadth(glob: string): number {
  const tokens = globTokens(glob);
  let log = (POSITIONS - tokens.length) * Math.log(SYMBOLS.length);
  for (const tok of tokens) log += Math.log(width(tok));
  return Math.round(1000 * log);
}
