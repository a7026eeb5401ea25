import { describe, expect, it } from 'vitest';
import { CSV_HEADER, CSV_MSG, csvLine, csvRecords, IMPORT_MAX_ROWS, priceCents, readImportCsv } from './catalog-csv.ts';

const file = (...lines: string[]) => [...lines, ''].join('\r\n');
const HEADER = 'sku_code,price_usd,price_cad,stock';

describe('reading CSV records', () => {
  it('keeps quoted commas, doubled quotes and line breaks in one field, with the line each record starts on', () => {
    const records = csvRecords('a,"b,1","say ""hi"""\n"two\nlines",x,y\r\n\r\nlast,1,2');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b,1', 'say "hi"'] },
      { line: 2, fields: ['two\nlines', 'x', 'y'] },
      { line: 5, fields: ['last', '1', '2'] },
    ]);
  });

  it('answers the line of a quote that is never closed', () => {
    expect(csvRecords('a,b\nc,"d\ne')).toEqual({ unclosedAt: 2 });
  });
});

describe('prices', () => {
  it('reads dollars and cents as cents, and nothing else', () => {
    expect(priceCents('129.99')).toBe(12999);
    expect(priceCents('129.9')).toBe(12990);
    expect(priceCents(' 40 ')).toBe(4000);
    for (const text of ['', '1,299.00', '$12', '12.345', '-3', '1e3', 'abc']) expect(priceCents(text)).toBeNull();
  });
});

describe('reading an import', () => {
  it('reads each row, with empty fields left as they are, in any column order, with a BOM', () => {
    const read = readImportCsv(`\uFEFF${file('stock,sku_code,price_cad,price_usd', '12,AB-1,,19.99', '0,AB-2,25,')}`);
    expect(read).toEqual({
      ok: true,
      rows: [
        { line: 2, skuCode: 'AB-1', priceUsd: 1999, priceCad: null, stock: 12 },
        { line: 3, skuCode: 'AB-2', priceUsd: null, priceCad: 2500, stock: 0 },
      ],
      refused: [],
    });
  });

  it('refuses bad numbers, zero prices, negative or fractional stock and duplicate rows, each with why', () => {
    const read = readImportCsv(
      file(HEADER, 'A,abc,1,1', 'B,0,1,1', 'C,1,1,-4', 'D,1,1,2.5', 'E,1,1,1', 'e,2,2,2', ',1,1,1', 'F,,,', 'G,1,1'),
    );
    if (!read.ok) throw new Error(read.message);
    expect(read.rows.map((row) => row.skuCode)).toEqual(['E']);
    expect(read.refused).toEqual([
      { line: 2, skuCode: 'A', reason: CSV_MSG.badPrice('price_usd', 'abc') },
      { line: 3, skuCode: 'B', reason: CSV_MSG.priceNotPositive('price_usd') },
      { line: 4, skuCode: 'C', reason: CSV_MSG.negativeStock },
      { line: 5, skuCode: 'D', reason: CSV_MSG.badStock('2.5') },
      { line: 7, skuCode: 'e', reason: CSV_MSG.duplicateRow(6) },
      { line: 8, skuCode: '', reason: CSV_MSG.noSkuCode },
      { line: 9, skuCode: 'F', reason: CSV_MSG.nothingToChange },
      { line: 10, skuCode: 'G', reason: CSV_MSG.wrongFieldCount(3) },
    ]);
  });

  it('refuses a file without the header, with unknown columns, or with more rows than allowed', () => {
    expect(readImportCsv('')).toEqual({ ok: false, message: CSV_MSG.empty });
    expect(readImportCsv(file('AB-1,1,1,1'))).toMatchObject({ ok: false });
    expect(readImportCsv(file('sku_code,price_usd,stock'))).toEqual({
      ok: false,
      message: CSV_MSG.missingColumns(['price_cad']),
    });
    expect(readImportCsv(file(`${HEADER},note`, 'A,1,1,1,x'))).toEqual({
      ok: false,
      message: CSV_MSG.unknownColumns(['note']),
    });
    expect(readImportCsv(file(HEADER))).toEqual({ ok: false, message: CSV_MSG.noRows });
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `S${i},1,1,1`);
    expect(readImportCsv(file(HEADER, ...rows))).toEqual({ ok: false, message: CSV_MSG.tooManyRows });
    expect(readImportCsv(file(HEADER, ...rows.slice(1))).ok).toBe(true);
  });
});

describe('writing the export', () => {
  it('writes the same columns the import reads, so an export reads back unchanged', () => {
    const text = CSV_HEADER + csvLine({ skuCode: 'A,"1"', priceUsd: 12999, priceCad: null, stock: 4 });
    expect(text).toBe(
      'sku_code,price_usd,price_cad,stock,core_charge_usd,core_charge_cad,emissions_kind,emissions_status,carb_eo,' +
        'prop65_kind,prop65_chemicals,hazmat_class,size_class\r\n"A,""1""",129.99,,4,,,,,,,,,\r\n',
    );
    const none = { emissionsKind: null, emissionsStatus: null, carbEo: null, prop65Kind: null, prop65Chemicals: null };
    expect(readImportCsv(text)).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          skuCode: 'A,"1"',
          priceUsd: 12999,
          priceCad: null,
          stock: 4,
          coreUsd: null,
          coreCad: null,
          regulated: { ...none, hazmatClass: null, sizeClass: null },
        },
      ],
      refused: [],
    });
    // A battery's core charges and its product's listing and class travel too (quoted when they hold a comma).
    const battery = csvLine({
      skuCode: 'B',
      priceUsd: 15999,
      priceCad: 21999,
      stock: 2,
      coreUsd: 1800,
      coreCad: 2400,
      ...none,
      prop65Kind: 'BOTH',
      prop65Chemicals: JSON.stringify(['lead', '1,3-butadiene']),
      hazmatClass: 'LEAD_ACID_BATTERY',
      sizeClass: null,
    });
    expect(battery).toBe('B,159.99,219.99,2,18.00,24.00,,,,BOTH,"lead; 1,3-butadiene",LEAD_ACID_BATTERY,\r\n');
    expect(readImportCsv(CSV_HEADER + battery)).toMatchObject({
      rows: [{ coreUsd: 1800, regulated: { prop65Chemicals: JSON.stringify(['lead', '1,3-butadiene']) } }],
    });
  });
});
