import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  DataError,
  EXTRACT_DIR,
  buildExtract,
  canadianCityName,
  loadPostal,
  parseTsv,
  provinceOfFsa,
  readExtract,
  renderTsv,
  tidyPlaceName,
  type SourceRow,
} from '../../scripts/data/postal.ts';
import { wranglerJson } from '../../scripts/lib/wrangler.ts';
import { seed } from '../../scripts/seed.ts';
import { CA_PROVINCES } from '../../shared/regions.ts';

const row = (zip: string, city: string, state: string): SourceRow => ({ zip, city, state });

describe('Canadian FSAs', () => {
  it('takes the province from the first letter, splitting X between Nunavut and the Northwest Territories', () => {
    expect(
      [
        'A1A',
        'B3H',
        'C1A',
        'E1C',
        'G1R',
        'H2X',
        'J4K',
        'K1A',
        'L5B',
        'M5V',
        'N6A',
        'P3A',
        'R3C',
        'S4P',
        'T2P',
        'V6B',
        'X0A',
        'X0B',
        'X0C',
        'X0E',
        'X1A',
        'Y1A',
      ].map(provinceOfFsa),
    ).toEqual([
      'NL',
      'NS',
      'PE',
      'NB',
      'QC',
      'QC',
      'QC',
      'ON',
      'ON',
      'ON',
      'ON',
      'ON',
      'MB',
      'SK',
      'AB',
      'BC',
      'NU',
      'NU',
      'NU',
      'NT',
      'NT',
      'YT',
    ]);
    expect(provinceOfFsa('D1A')).toBeNull();
  });

  it('restores lost accents, hyphen spacing and capitals in place names', () => {
    expect(tidyPlaceName('Centre-du- Qu\uFFFDbec-sud (saint- Bonaventure)')).toBe(
      'Centre-du-Québec-Sud (Saint-Bonaventure)',
    );
    expect(tidyPlaceName("L'\uFFFDle-des-soeurs")).toBe("L'Île-des-Soeurs");
    expect(tidyPlaceName('Government Of Canada Ottawa And Gatineau Offices')).toBe(
      'Government of Canada Ottawa and Gatineau Offices',
    );
    expect(tidyPlaceName('Fort Mcmurray')).toBe('Fort McMurray');
  });

  it('names an urban FSA after its town and keeps a rural FSA region whole', () => {
    expect(canadianCityName('T1J', 'Lethbridge West And Central')).toBe('Lethbridge');
    expect(canadianCityName('V6A', 'Vancouver (strathcona / Chinatown)')).toBe('Vancouver');
    expect(canadianCityName('M5A', 'Downtown Toronto (regent Park)')).toBe('Toronto');
    expect(canadianCityName('V7J', 'North Vancouver')).toBe('North Vancouver');
    expect(canadianCityName('T0A', 'Eastern Alberta (st. Paul)')).toBe('Eastern Alberta (St. Paul)');
  });
});

describe('buildExtract', () => {
  it('keeps code, state and city sorted by code and drops the letters-to-Santa FSA', () => {
    const extract = buildExtract(
      [row('10001', 'New York', 'NY'), row('00501', ' Holtsville ', 'NY')],
      [
        row('M5A', 'Downtown Toronto (regent Park)', 'Ontario'),
        row('H0H', 'Reserved (santa Claus)', 'Quebec'),
        row('E1H', 'Lakeville', 'Shediac Bridge'),
      ],
    );
    expect(extract).toEqual({
      us: [
        { postCode: '00501', stateCode: 'NY', city: 'Holtsville' },
        { postCode: '10001', stateCode: 'NY', city: 'New York' },
      ],
      ca: [
        { postCode: 'E1H', stateCode: 'NB', city: 'Lakeville' },
        { postCode: 'M5A', stateCode: 'ON', city: 'Toronto' },
      ],
    });
  });

  it('fails on a province that contradicts the letters, an unreadable row or an accent it cannot restore', () => {
    expect(() => buildExtract([], [row('M5A', 'Toronto', 'Quebec')])).toThrow(DataError);
    expect(() => buildExtract([row('1234', 'Nowhere', 'NY')], [])).toThrow(/unreadable US row/);
    expect(() => buildExtract([], [row('G1A', 'Qu\uFFFDbecville', 'Quebec')])).toThrow(/ACCENT_REPAIRS/);
  });

  it('writes files that read back to the same rows', () => {
    const rows = [
      { postCode: 'K1A', stateCode: 'ON', city: 'Government of Canada' },
      { postCode: 'X0A', stateCode: 'NU', city: 'Outer Nunavut (Iqaluit)' },
    ];
    expect(parseTsv(renderTsv(rows, 'test'))).toEqual(rows);
  });
});

describe('the committed extract', () => {
  it('is what the script makes from the installed zipcodes package', async () => {
    const require = createRequire(import.meta.url);
    const source = (module: string) => Object.values((require(module) as { codes: Record<string, SourceRow> }).codes);
    const rebuilt = buildExtract(source('zipcodes/lib/codes.js'), source('zipcodes/lib/codesCanada.js'));
    expect(await readExtract()).toEqual(rebuilt);
    expect(await readFile(join(EXTRACT_DIR, 'LICENSE'), 'utf8')).toMatch(/BSD License/);
  });

  it('covers every province and territory and each FSA once', async () => {
    const { ca } = await readExtract();
    expect(new Set(ca.map((fsa) => fsa.stateCode))).toEqual(new Set(CA_PROVINCES.map((province) => province.code)));
    expect(new Set(ca.map((fsa) => fsa.postCode)).size).toBe(ca.length);
  });
});

describe('loadPostal', () => {
  let stateDir: string | undefined;
  afterAll(async () => {
    if (stateDir) await rm(stateDir, { recursive: true, force: true });
  });

  it('fills postal_code and the area dictionary once, and skips a second load of the same version', async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'autohaven-postal-'));
    await seed(stateDir);
    await loadPostal({ stateDir });
    const query = async (sql: string) =>
      (
        await wranglerJson<{ results: Record<string, unknown>[] }[]>([
          'd1',
          'execute',
          'DB',
          '--local',
          '--persist-to',
          stateDir!,
          '--json',
          '--command',
          sql,
        ])
      )[0]!.results;
    const { us, ca } = await readExtract();
    expect(await query('SELECT market, count(*) AS n FROM postal_code GROUP BY market ORDER BY market')).toEqual([
      { market: 'ca', n: ca.length },
      { market: 'us', n: us.length },
    ]);
    expect(await query('SELECT level, count(*) AS n FROM area WHERE level < 3 GROUP BY level')).toEqual([
      { level: 1, n: 2 },
      { level: 2, n: 56 + 13 },
    ]);
    const log = vi.spyOn(console, 'log');
    await loadPostal({ stateDir });
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^postal codes already loaded/));
    log.mockRestore();
  }, 180_000);
});
