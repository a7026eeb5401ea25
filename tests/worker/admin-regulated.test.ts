import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_OPTIONAL_MSG } from '../../shared/catalog-csv-regulated.ts';
import { REGULATED_MSG } from '../../shared/regulated-fields.ts';
import { CATALOG_EDIT_MSG } from '../../worker/catalog/staff.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { page, shop, US_HOST } from './helpers.ts';

/**
 * The catalog editor carries the regulated columns (issue 40): emissions kind, status and CARB EO,
 * the Prop 65 listing, the hazardous-materials and size classes, and each SKU's core charge per
 * currency. Each value is checked (a clear message, never a 500) and a saved value reads back as sent.
 */

type Session = Awaited<ReturnType<typeof staffSession>>;
let merchandiser: Session;
let item: { itemId: number; skuId: number; version: number };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const text = (html: string) => html.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!);
const post = (path: string, fields: Record<string, string>) =>
  postForm(`/admin${path}`, { _csrf: merchandiser.csrf, ...fields }, merchandiser.headers);
const version = async () => {
  const row = await env.DB.prepare('SELECT version FROM item WHERE id = ?')
    .bind(item.itemId)
    .first<{ version: number }>();
  return `${row!.version}`;
};
const columns = () =>
  env.DB.prepare(
    `SELECT emissions_kind AS kind, emissions_status AS status, carb_eo AS eo, prop65_kind AS p65,
       prop65_chemicals AS chemicals, hazmat_class AS hazmat, size_class AS size FROM item WHERE id = ?`,
  )
    .bind(item.itemId)
    .first<Record<string, string | null>>();

const FIFTY_STATE = {
  emissionsKind: 'CATALYTIC_CONVERTER',
  emissionsStatus: 'FIFTY_STATE',
  carbEo: 'd-193-139',
  prop65Kind: 'CANCER',
  prop65Chemicals: 'nickel; 1,3-butadiene',
  hazmatClass: '',
  sizeClass: 'OVERSIZE',
};

beforeAll(async () => {
  await loadCatalogFixture();
  merchandiser = await staffSession('merchandiser');
  item = (await env.DB.prepare(
    `SELECT i.id AS itemId, s.id AS skuId, i.version FROM item i JOIN sku s ON s.item_id = i.id
     WHERE (SELECT count(*) FROM sku WHERE item_id = i.id) = 1 ORDER BY i.id LIMIT 1`,
  ).first<typeof item>())!;
});

describe('the product editor’s regulated fields', () => {
  it('saves a 50-state converter with its EO, a Prop 65 listing and a size class, and shows them back', async () => {
    const saved = await post(`/catalog/${item.itemId}/regulated`, { version: await version(), ...FIFTY_STATE });
    expect(saved.status).toBe(303);
    expect(await columns()).toEqual({
      kind: 'CATALYTIC_CONVERTER',
      status: 'FIFTY_STATE',
      eo: 'D-193-139',
      p65: 'CANCER',
      chemicals: JSON.stringify(['nickel', '1,3-butadiene']),
      hazmat: null,
      size: 'OVERSIZE',
    });
    const { html } = await page(`${ADMIN}/catalog/${item.itemId}`, { headers: merchandiser.headers });
    expect(text(html)).toContain('value="D-193-139"');
    expect(text(html)).toContain('value="nickel; 1,3-butadiene"');
    const audit = await env.DB.prepare(
      `SELECT after_json AS after FROM audit_log WHERE action = 'catalog.editRegulated'`,
    ).first<{ after: string }>();
    expect(JSON.parse(audit!.after)).toMatchObject({ sizeClass: 'OVERSIZE', carbEo: 'D-193-139' });
  });

  it('refuses bad values with their messages, never a 500, and writes nothing', async () => {
    const before = await columns();
    const cases: [Record<string, string>, string, string][] = [
      [{ emissionsKind: 'ROCKET' }, 'emissionsKind', REGULATED_MSG.emissionsKind],
      [{ carbEo: '' }, 'carbEo', REGULATED_MSG.eoNeeded],
      [{ emissionsStatus: 'FORTY_NINE_STATE' }, 'carbEo', REGULATED_MSG.eoOnlyFiftyState],
      [{ carbEo: 'D 193 <139>' }, 'carbEo', REGULATED_MSG.carbEo],
      [{ prop65Chemicals: '' }, 'prop65Chemicals', REGULATED_MSG.prop65Chemicals],
      [{ prop65Kind: '' }, 'prop65Chemicals', REGULATED_MSG.chemicalsWithoutKind],
      [{ hazmatClass: 'UN2794' }, 'hazmatClass', REGULATED_MSG.hazmatClass],
      [{ sizeClass: 'HUGE' }, 'sizeClass', REGULATED_MSG.sizeClass],
      [{ emissionsKind: '', carbEo: '' }, 'emissionsStatus', REGULATED_MSG.statusWithoutKind],
    ];
    for (const [change, field, message] of cases) {
      const sent = await post(`/catalog/${item.itemId}/regulated`, {
        version: await version(),
        ...FIFTY_STATE,
        ...change,
      });
      expect(sent.status, field).toBe(400);
      expect(text(await sent.text())).toContain(message);
    }
    expect(await columns()).toEqual(before);
  });

  it('clears every column when each field is left empty, and refuses a stale version', async () => {
    const stale = await version();
    const empty = Object.fromEntries(Object.keys(FIFTY_STATE).map((name) => [name, '']));
    expect((await post(`/catalog/${item.itemId}/regulated`, { version: stale, ...empty })).status).toBe(303);
    expect(Object.values((await columns())!).every((value) => value === null)).toBe(true);
    const late = await post(`/catalog/${item.itemId}/regulated`, { version: stale, ...FIFTY_STATE });
    expect(late.status).toBe(409);
    expect(text(await late.text())).toContain(CATALOG_EDIT_MSG.productConflict);
  });
});

describe('a SKU’s core charge per currency', () => {
  const skuForm = async (changes: Record<string, string>) => {
    const row = (await env.DB.prepare(
      `SELECT s.version, s.available_total AS stock,
         (SELECT discount_price FROM sku_price WHERE sku_id = s.id AND currency = 'USD') AS usd,
         (SELECT discount_price FROM sku_price WHERE sku_id = s.id AND currency = 'CAD') AS cad
       FROM sku s WHERE s.id = ?`,
    )
      .bind(item.skuId)
      .first<{ version: number; stock: number; usd: number; cad: number }>())!;
    return {
      version: `${row.version}`,
      shownStock: `${row.stock}`,
      stock: `${row.stock}`,
      priceUsd: (row.usd / 100).toFixed(2),
      originalUsd: '',
      priceCad: (row.cad / 100).toFixed(2),
      originalCad: '',
      ...changes,
    };
  };
  const cores = () =>
    env.DB.prepare('SELECT currency, core_charge AS core FROM sku_price WHERE sku_id = ? ORDER BY currency')
      .bind(item.skuId)
      .all<{ currency: string; core: number | null }>()
      .then((result) => result.results);

  it('is saved in each currency, shown in the form, and cleared when left empty', async () => {
    const path = `/catalog/${item.itemId}/skus/${item.skuId}`;
    expect((await post(path, await skuForm({ coreUsd: '45', coreCad: '59.50' }))).status).toBe(303);
    expect(await cores()).toEqual([
      { currency: 'CAD', core: 5950 },
      { currency: 'USD', core: 4500 },
    ]);
    const { html } = await page(`${ADMIN}/catalog/${item.itemId}`, { headers: merchandiser.headers });
    expect(html).toContain('value="45.00"');
    expect((await post(path, await skuForm({ coreUsd: '', coreCad: '' }))).status).toBe(303);
    expect((await cores()).map((row) => row.core)).toEqual([null, null]);
  });

  it('refuses a core charge that is not a positive amount, with the message', async () => {
    const path = `/catalog/${item.itemId}/skus/${item.skuId}`;
    for (const bad of ['0', '-5', 'abc']) {
      const sent = await post(path, await skuForm({ coreUsd: bad, coreCad: '' }));
      expect(sent.status, bad).toBe(400);
      expect(text(await sent.text())).toContain(CATALOG_EDIT_MSG.core);
    }
  });
});

describe('the catalog CSV import’s regulated columns', () => {
  const HEADER =
    'sku_code,price_usd,price_cad,stock,core_charge_usd,core_charge_cad,emissions_kind,emissions_status,carb_eo,' +
    'prop65_kind,prop65_chemicals,hazmat_class,size_class';
  let target: { itemId: number; skuId: number; code: string };

  const upload = (csv: string) => {
    const form = new FormData();
    form.set('_csrf', merchandiser.csrf);
    form.set('file', new File([csv], 'regulated.csv', { type: 'text/csv' }));
    return shop(`${ADMIN}/catalog/import`, {
      method: 'POST',
      body: form,
      headers: merchandiser.headers,
      redirect: 'manual',
    });
  };
  const report = async (csv: string) => {
    const response = await upload(csv);
    expect(response.status).toBe(303);
    const path = response.headers.get('location')!;
    const { html } = await page(`${US_HOST}${path}`, { headers: merchandiser.headers });
    return { token: path.split('/').at(-1)!, html: text(html) };
  };

  beforeAll(async () => {
    target = (await env.DB.prepare(
      `SELECT i.id AS itemId, s.id AS skuId, s.part_number AS code FROM item i JOIN sku s ON s.item_id = i.id
       WHERE (SELECT count(*) FROM sku WHERE item_id = i.id) = 1 AND i.id <> ? ORDER BY i.id LIMIT 1`,
    )
      .bind(item.itemId)
      .first<typeof target>())!;
  });

  it('sets core charges and the regulated columns, and the editor shows them back', async () => {
    const csv = `${HEADER}\r\n${target.code},,,,45.00,59.00,,,,BOTH,"lead; nickel",lead_acid_battery,\r\n`;
    const { token, html } = await report(csv);
    expect(html).toContain('also sets core charge USD 45.00, core charge CAD 59.00, regulations and shipping limits');
    const applied = await shop(`${ADMIN}/catalog/import/${token}/apply`, {
      method: 'POST',
      headers: { ...merchandiser.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: merchandiser.csrf }),
    });
    expect(applied.status).toBeLessThan(400);
    await applied.text();
    const row = await env.DB.prepare(
      `SELECT prop65_kind AS kind, prop65_chemicals AS chemicals, hazmat_class AS hazmat, size_class AS size,
         (SELECT core_charge FROM sku_price WHERE sku_id = ?2 AND currency = 'USD') AS coreUsd,
         (SELECT core_charge FROM sku_price WHERE sku_id = ?2 AND currency = 'CAD') AS coreCad
       FROM item WHERE id = ?1`,
    )
      .bind(target.itemId, target.skuId)
      .first();
    expect(row).toEqual({
      kind: 'BOTH',
      chemicals: JSON.stringify(['lead', 'nickel']),
      hazmat: 'LEAD_ACID_BATTERY',
      size: null,
      coreUsd: 4500,
      coreCad: 5900,
    });
    const editor = text((await page(`${ADMIN}/catalog/${target.itemId}`, { headers: merchandiser.headers })).html);
    expect(editor).toContain('value="lead; nickel"');
    expect(editor).toMatch(/<option value="LEAD_ACID_BATTERY" selected="">/);
    // Read back as it is now, the same file changes nothing; the export carries the same values.
    expect((await report(csv)).html).toMatch(/data-count="changes"><strong>0<\/strong>/);
    const exported = await (await shop(`${ADMIN}/catalog/export.csv`, { headers: merchandiser.headers })).text();
    const line = exported.split('\r\n').find((row) => row.startsWith(`${target.code},`))!;
    expect(line.endsWith(',45.00,59.00,,,,BOTH,lead; nickel,LEAD_ACID_BATTERY,')).toBe(true);
  });

  it('refuses bad values row by row with their messages, and a header with half the regulated columns', async () => {
    const csv = [HEADER, `${target.code},,,,-3,,,,,,,,`, `${target.code}X,,,,,,,,,,,UN2794,`].join('\r\n');
    const { html } = await report(`${csv}\r\n`);
    expect(html).toContain(CSV_OPTIONAL_MSG.badCore('core_charge_usd', '-3'));
    expect(html).toContain(REGULATED_MSG.hazmatClass);
    const half = await upload(`sku_code,price_usd,price_cad,stock,hazmat_class\r\n${target.code},,,,AEROSOL\r\n`);
    expect(half.status).toBe(400);
    expect(text(await half.text())).toContain(CSV_OPTIONAL_MSG.regulatedTogether);
  });
});
