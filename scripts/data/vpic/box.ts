// VIN patterns as boxes: a pattern's Keys allow a set of characters per VIN position, held
// as 36-bit integers over the 36 VIN symbols (0-9, A-Z).

// ---------- character sets over the 36 VIN symbols, as 36-bit integers ----------

const HI = 2 ** 32;
const FULL = 2 ** 36 - 1;
const DIGITS = 2 ** 10 - 1;
/** Intersection of two character sets. */
export const and = (a: number, b: number): number => ((a / HI) & (b / HI)) * HI + ((a & b) >>> 0);
const andNot = (a: number, b: number): number => (((a / HI) & ~(b / HI)) >>> 0) * HI + ((a & ~b) >>> 0);
const or = (a: number, b: number): number => a + andNot(b, a);
const pop32 = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};
const popcount = (a: number): number => pop32(a >>> 0) + pop32((a / HI) >>> 0);
const symbol = (c: string): number => {
  const code = c.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return -1;
};
const bit = (i: number): number => 2 ** i;

const YEAR_CHARS = 'ABCDEFGHJKLMNPRSTVWXY123456789';
/** Model-year character (VIN position 10) of a year, as a character set. */
export const yearBit = (year: number): number => bit(symbol(YEAR_CHARS[(((year - 1980) % 30) + 30) % 30] ?? 'A'));

// Box positions: 0-4 = VIN positions 4-8; 5, 6, ... = VIN positions 10, 11, ...
/** Box position of VIN position 10, the model-year character. */
export const YEAR_POS = 5;
/** Allowed characters per box position; positions past the end allow any character. */
export type Box = number[];

/** The body of a character class ("A-CX", "#") → character set. */
function parseClass(body: string): number {
  let set = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] ?? '';
    const last = body[i + 2];
    if (body[i + 1] === '-' && last !== undefined) {
      const from = symbol(c);
      const to = symbol(last);
      if (from >= 0 && to >= from) for (let s = from; s <= to; s++) set = or(set, bit(s));
      i += 2;
    } else if (c === '#') set = or(set, DIGITS);
    else if (symbol(c) >= 0) set = or(set, bit(symbol(c)));
  }
  return set;
}

/** Keys → box. A sixth token before '|' (position 9, the check digit) is ignored. */
export function parseKeys(keys: string): Box {
  const [vds = '', vis] = keys.toUpperCase().split('|');
  const box: Box = [];
  const read = (part: string, max: number): void => {
    let n = 0;
    for (let i = 0; i < part.length && n < max; n++) {
      const c = part[i] ?? '';
      if (c === '[') {
        const end = part.indexOf(']', i);
        const stop = end < 0 ? part.length : end;
        box.push(parseClass(part.slice(i + 1, stop)));
        i = stop + 1;
      } else {
        box.push(c === '*' || c === '_' ? FULL : c === '#' ? DIGITS : symbol(c) >= 0 ? bit(symbol(c)) : 0);
        i++;
      }
    }
    while (n++ < max) box.push(FULL);
  };
  read(vds, 5);
  if (vis !== undefined) read(vis, 8);
  while (box.length > 0 && box[box.length - 1] === FULL) box.pop();
  return box;
}

/** The characters a box allows at position i. */
export const at = (box: Box, i: number): number => box[i] ?? FULL;
const width = (a: Box, b: Box): number => Math.max(a.length, b.length);
/** Do two boxes share a VIN? */
export function overlaps(a: Box, b: Box): boolean {
  for (let i = 0, n = width(a, b); i < n; i++) if (and(at(a, i), at(b, i)) === 0) return false;
  return true;
}
/** Does `outer` contain all of `inner`? */
export function contains(outer: Box, inner: Box): boolean {
  for (let i = 0, n = width(outer, inner); i < n; i++) if (andNot(at(inner, i), at(outer, i)) !== 0) return false;
  return true;
}
/** Log of the number of VINs a box matches: smaller = more specific. */
export function size(box: Box): number {
  let s = 0;
  for (let i = 0; i < 13; i++) s += Math.log(popcount(at(box, i)));
  return s;
}

/** Cuts `region` into cells on which each of `pats` matches all or nothing; calls `leaf` per cell. */
export function cut<P extends { box: Box }>(
  region: Box,
  pats: P[],
  leaf: (region: Box, covering: P[]) => void,
  budget: { left: number },
): void {
  const live = pats.filter((p) => overlaps(p.box, region));
  const cutter = live.find((p) => !contains(p.box, region));
  if (!cutter) {
    leaf(region, live);
    return;
  }
  if (--budget.left < 0) return;
  const n = width(region, cutter.box);
  const inside: Box = [];
  for (let i = 0; i < n; i++) inside.push(and(at(region, i), at(cutter.box, i)));
  cut(inside, live, leaf, budget);
  // The rest of the region as disjoint boxes: positions before i inside the cutter, position i outside it.
  for (let i = 0; i < n; i++) {
    const outside = andNot(at(region, i), at(cutter.box, i));
    if (outside === 0) continue;
    const part: Box = [];
    for (let j = 0; j < n; j++)
      part.push(j < i ? and(at(region, j), at(cutter.box, j)) : j === i ? outside : at(region, j));
    cut(part, live, leaf, budget);
  }
}
