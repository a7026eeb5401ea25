import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { brandMark } from './brand-marks.ts';
import { faviconIco } from './favicon-ico.ts';
import { BRANDS } from './part-types.ts';
import { slugify } from './vehicle-tree.ts';

describe('brand marks', () => {
  it('show each brand by its name and an emblem of its own, not its letter code', () => {
    const emblems = new Set<string>();
    for (const [index, brand] of BRANDS.entries()) {
      const mark = brandMark(brand.name, brand.abbreviation, index);
      const words = [...mark.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((match) => match[1]).join(' ');
      expect(words, brand.name).toBe(brand.name);
      expect(mark, brand.name).toContain(`<title>${brand.name}</title>`);
      emblems.add(mark.match(/<g transform="translate\(6 10\)">(.*?)<\/g>/)![1]!.replace(/hsl\([^)]*\)/g, ''));
    }
    expect(emblems.size).toBe(BRANDS.length);
  });

  it('are the committed files (npm run data:illustrations draws them)', async () => {
    for (const [index, brand] of BRANDS.entries()) {
      const file = await readFile(`client/static/brands/${slugify(brand.name)}.svg`, 'utf8');
      expect(file, brand.name).toBe(brandMark(brand.name, brand.abbreviation, index));
    }
  });
});

describe('favicon.ico', () => {
  it('is the committed file: one 32 x 32 icon, red with the white car, transparent outside its corners', async () => {
    const file = new Uint8Array(await readFile('client/static/favicon.ico'));
    expect(file).toEqual(faviconIco());
    expect([...file.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32]);
    // Rows run bottom up, 4 bytes (blue, green, red, alpha) a pixel, after the 62 bytes of headers.
    const at = (x: number, y: number) => [...file.subarray(62 + ((31 - y) * 32 + x) * 4, 66 + ((31 - y) * 32 + x) * 4)];
    expect(at(0, 0)).toEqual([0, 0, 0, 0]);
    expect(at(3, 28)).toEqual([0x28, 0x28, 0xc6, 255]);
    expect(at(16, 22)).toEqual([255, 255, 255, 255]);
  });
});
