import { describe, expect, it } from 'vitest';
import {
  compactKey,
  correctQuery,
  correctWord,
  editDistance,
  looksLikePartNumber,
  displacementOf,
  parseSearchQuery,
  queryWords,
  singular,
  vehicleCandidates,
  withoutWords,
} from './search-query.ts';

const vocabulary = new Map([
  ['brake', 120],
  ['brakes', 40],
  ['pad', 60],
  ['pads', 80],
  ['break', 1],
  ['headlight', 30],
  ['alternator', 12],
  ['rotor', 20],
  ['rotors', 22],
  ['spark', 15],
  ['plugs', 15],
  ['muffler', 5],
]);
const partWord = (word: string) => vocabulary.has(word);

describe('query words', () => {
  it('splits on spaces and punctuation but keeps model names and sizes whole', () => {
    expect(queryWords('F-150 2015, Rotors!').map((word) => word.text)).toEqual(['f-150', '2015', 'rotors']);
    expect(queryWords('5.7L  "hemi"  (front)').map((word) => word.text)).toEqual(['5.7l', 'hemi', 'front']);
    expect(queryWords('CR-V')[0]!.key).toBe('crv');
    expect(queryWords('  ')).toEqual([]);
    expect(queryWords('bra\u200Bke')[0]!.text).toBe('brake');
  });

  it('compares names by their letters and digits only', () => {
    expect(compactKey('F-150')).toBe(compactKey('f150'));
    expect(compactKey('Town & Country')).toBe('towncountry');
    expect(compactKey('Citroën')).toBe('citroen');
  });
});

describe('parsing a query', () => {
  it('finds a four-digit model year anywhere in the words', () => {
    expect(parseSearchQuery('2018 camry brake pads')).toMatchObject({ year: 2018, yearIndex: 0 });
    expect(parseSearchQuery('f-150 2015 rotors')).toMatchObject({ year: 2015, yearIndex: 1 });
    expect(parseSearchQuery('brake pads')).toMatchObject({ year: null, yearIndex: null });
    expect(parseSearchQuery('1500 brake pads').year).toBeNull();
    expect(parseSearchQuery('3000 rotors').year).toBeNull();
  });

  it('reads an engine size in litres, and never as a vehicle name', () => {
    expect(parseSearchQuery('f150 5.0 spark plugs')).toMatchObject({ displacement: 5, displacementIndex: 1 });
    expect(parseSearchQuery('2.7L f-150 rotors')).toMatchObject({ displacement: 2.7, displacementIndex: 0 });
    expect([displacementOf('5.0l'), displacementOf('3.5L'), displacementOf('50'), displacementOf('1.2.3')]).toEqual([
      5,
      3.5,
      null,
      null,
    ]);
    expect(vehicleCandidates(parseSearchQuery('f150 5.0 plugs'), (word) => word === 'plugs').map((c) => c.key)).toEqual(
      ['f150'],
    );
  });

  it('offers runs of words that are not part words as vehicle names, longest first', () => {
    const parsed = parseSearchQuery('2016 silverado 1500 brake pads');
    const runs = vehicleCandidates(parsed, partWord).map((run) => run.key);
    expect(runs[0]).toBe('silverado1500');
    expect(runs).toEqual(expect.arrayContaining(['silverado', '1500']));
    expect(runs).not.toContain('2016');
    expect(runs.some((key) => key.includes('brake') || key.includes('pad'))).toBe(false);
  });

  it('does not take part numbers, part words or tiny numbers for vehicle names', () => {
    expect(vehicleCandidates(parseSearchQuery('DS-BRA000001'), partWord)).toEqual([]);
    expect(vehicleCandidates(parseSearchQuery('brake pads'), partWord)).toEqual([]);
    expect(vehicleCandidates(parseSearchQuery('2 rotors'), partWord)).toEqual([]);
    expect(vehicleCandidates(parseSearchQuery('headlight camry'), partWord).map((run) => run.key)).toEqual(['camry']);
  });

  it('gives back the words that remain once the vehicle words are taken out', () => {
    const parsed = parseSearchQuery('2018 Camry brake pads');
    expect(withoutWords(parsed, new Set([0, 1]))).toBe('brake pads');
    const joined = parseSearchQuery('brake pads for my 2018 camry');
    expect(withoutWords(joined, new Set([4, 5]))).toBe('brake pads');
  });

  it('tells part numbers from words', () => {
    expect(looksLikePartNumber('ds-bra000001')).toBe(true);
    expect(looksLikePartNumber('cf20715')).toBe(true);
    expect(looksLikePartNumber('f-150')).toBe(false);
    expect(looksLikePartNumber('camry')).toBe(false);
  });
});

describe('spelling', () => {
  it('counts typing mistakes, a swap of neighbours as one', () => {
    expect(editDistance('brak', 'brake')).toBe(1);
    expect(editDistance('braek', 'brake')).toBe(1);
    expect(editDistance('hedlight', 'headlight')).toBe(1);
    expect(editDistance('altenatr', 'alternator')).toBe(2);
    expect(editDistance('pad', 'pad')).toBe(0);
    expect(editDistance('alternator', 'brake')).toBe(3);
  });

  it('corrects a misspelt word to the nearest, most common part word', () => {
    expect(correctWord('brak', vocabulary)).toBe('brake');
    expect(correctWord('altenator', vocabulary)).toBe('alternator');
    expect(correctWord('rotr', vocabulary)).toBe('rotor');
    expect(correctWord('brake', vocabulary)).toBeNull();
    expect(correctWord('pda', vocabulary)).toBeNull();
    expect(correctWord('zzzzqqqq', vocabulary)).toBeNull();
    expect(correctWord('h11b', vocabulary)).toBeNull();
  });

  it('corrects a whole query, or says there was nothing to correct', () => {
    expect(correctQuery('brak pad', vocabulary)).toBe('brake pad');
    expect(correctQuery('spark plgs', vocabulary)).toBe('spark plugs');
    expect(correctQuery('brake pads', vocabulary)).toBeNull();
  });

  it('reads plural part words as singular', () => {
    expect(singular('pads')).toBe('pad');
    expect(singular('batteries')).toBe('battery');
    expect(singular('glass')).toBe('glass');
    expect(singular('bus')).toBe('bus');
  });
});
