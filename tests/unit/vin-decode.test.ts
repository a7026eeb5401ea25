import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { at, parseKeys } from '../../scripts/data/vpic/box.ts';
import { boxToGlob, globBreadth, vinGlob } from '../../scripts/lib/vin-glob.ts';
import { decodedModel } from '../../worker/vehicles/service.ts';

const match = (make: string, model: string, breadth: number) => ({ make, model, breadth });

describe('decodedModel: which model the matching vPIC patterns name', () => {
  it('lets the most specific pattern decide over broader ones', () => {
    expect(decodedModel([match('Chevrolet', 'Tracker', 39419), match('Chevrolet', 'Trax', 41616)])).toEqual({
      make: 'Chevrolet',
      model: 'Tracker',
    });
    expect(decodedModel([match('Chevrolet', 'Trax', 41616), match('Chevrolet', 'Tracker', 39419)])).toEqual({
      make: 'Chevrolet',
      model: 'Tracker',
    });
  });

  it('names no model when equally specific patterns disagree, even on the make alone', () => {
    expect(
      decodedModel([match('Dodge', 'Ram', 30000), match('Ram', '1500', 30000), match('Dodge', 'Dakota', 40000)]),
    ).toBeNull();
    expect(decodedModel([match('Dodge', 'Ram', 30000), match('Ram', 'Ram', 30000)])).toBeNull();
  });

  it('names the model when the equally specific patterns agree (vPIC repeats schemas)', () => {
    expect(
      decodedModel([match('Honda', 'Civic', 28668), match('Honda', 'Civic', 28668), match('Honda', 'Accord', 36528)]),
    ).toEqual({ make: 'Honda', model: 'Civic' });
  });

  it('names no model when no pattern matches', () => {
    expect(decodedModel([])).toBeNull();
  });
});

// Keys as vPIC writes them (Pattern.Keys): positions 4-8, then optionally '|' and 10, 11, ...
const KEYS = [
  'CM826',
  'CM8[2-4]*',
  '*[A-C]#[0-9X]',
  'FC1F7|*G',
  'J8',
  '[ABD-F]**1*|[D-H]',
  '**[1-35]**|*[A-C]#',
  '*****|G',
  '[J-N]W1E*',
];
const VIN_CHARS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
const vinArb = fc.array(fc.constantFrom(...VIN_CHARS), { minLength: 17, maxLength: 17 }).map((chars) => chars.join(''));
const SYMBOLS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Does the VIN fall in the box vPIC's key describes (positions 4-8, then 10-17)? */
function inBox(keys: string, vin: string): boolean {
  const box = parseKeys(keys);
  const positions = [3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16];
  return positions.every((p, i) => Math.floor(at(box, i) / 2 ** SYMBOLS.indexOf(vin[p]!)) % 2 === 1);
}

describe('vPIC keys as SQLite GLOB patterns', () => {
  it('matches in D1 exactly the VINs the vPIC key allows', async () => {
    const cases = fc.sample(fc.tuple(fc.constantFrom(...KEYS), vinArb), { numRuns: 300, seed: 565 });
    // Half of the cases are made to match the key where it names characters, so both answers occur.
    const aligned = cases.map(([keys, vin], i): [string, string] => {
      if (i % 2) return [keys, vin];
      const glob = vinGlob(boxToGlob(parseKeys(keys)));
      const tokens = glob.match(/\[[^\]]+\]|./g) ?? [];
      const chars = [...vin].map((c, p) => (tokens[p] && /^[0-9A-Z]$/.test(tokens[p]!) ? tokens[p]! : c));
      return [keys, chars.join('')];
    });
    const statement = env.DB.prepare('SELECT ?1 GLOB ?2 AS hit');
    const results = await env.DB.batch<{ hit: number }>(
      aligned.map(([keys, vin]) => statement.bind(vin, vinGlob(boxToGlob(parseKeys(keys))))),
    );
    const wrong = aligned.filter(([keys, vin], i) => (results[i]!.results[0]!.hit === 1) !== inBox(keys, vin));
    expect(wrong).toEqual([]);
    expect(aligned.filter(([keys, vin]) => inBox(keys, vin)).length).toBeGreaterThan(30);
  });

  it('writes short patterns and ranks a narrower pattern below a broader one', () => {
    expect(boxToGlob(parseKeys('CM8[2-4]*'))).toBe('CM8[2-4]');
    expect(boxToGlob(parseKeys('*[A-C]#[0-9X]'))).toBe('?[A-C][0-9][0-9X]');
    expect(boxToGlob(parseKeys('[ABD]*'))).toBe('[ABD]');
    expect(vinGlob('J8')).toBe('???J8????*');
    expect(vinGlob('FC1F7G')).toBe('???FC1F7?G*');
    expect(globBreadth('?J8')).toBeLessThan(globBreadth('?J[78K-NPRS]'));
    expect(globBreadth('CM826')).toBeLessThan(globBreadth('CM8[2-4]'));
  });
});
