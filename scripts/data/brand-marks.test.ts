import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { brandMark } from './brand-marks.ts';
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
