import { env } from 'cloudflare:test';
import { testAudit } from './audit-helpers.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_HEADER, CSV_MSG } from '../../shared/catalog-csv.ts';
import { applyImport } from '../../worker/catalog/staff.ts';
import { ADMIN, staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { page, shop, US_HOST } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;
type SkuState = { id: number; code: string; stock: number; usd: number; cad: number; version: number; itemId: number };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const text = (html: string) => html.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!);
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Uploads a CSV as the browser's form does (multipart, with the CSRF field). */
function upload(session: Session, csv: string | Uint8Array<ArrayBuffer>, name = 'prices.csv') {
  const form = new FormData();
  form.set('_csrf', session.csrf);
  form.set('file', new File([csv], name, { type: 'text/csv' }));
  return shop(`${ADMIN}/catalog/import`, { method: 'POST', body: form, headers: session.headers, redirect: 'manual' });
}

/** Uploads and follows to the report: its token and page. */
async function checked(session: Session, csv: string) {
  const response = await upload(session, csv);
  expect(response.status).toBe(303);
  const path = response.headers.get('location')!;
  const token = path.split('/').at(-1)!;
  const report = await page(`${US_HOST}${path}`, { headers: session.headers });
  return { token, html: text(report.html) };
}

const apply = async (session: Session, token: string) => {
  const response = await shop(`${ADMIN}/catalog/import/${token}/apply`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: session.csrf }),
  });
  return { status: response.status, html: text(await response.text()) };
};

async function skus(where = '1 = 1'): Promise<SkuState[]> {
  const { results } = await env.DB.prepare(
    `SELECT s.id, s.part_number AS code, s.available_total AS stock, s.version, s.item_id AS itemId,
       (SELECT discount_price FROM sku_price WHERE sku_id = s.id AND currency = 'USD') AS usd,
       (SELECT discount_price FROM sku_price WHERE sku_id = s.id AND currency = 'CAD') AS cad
     FROM sku s WHERE ${where} ORDER BY s.id`,
  ).all<SkuState>();
  return results;
}
const sku = async (id: number) => (await skus(`s.id = ${id}`))[0]!;
const importAudits = async () =>
  (
    await env.DB.prepare(
      `SELECT after_json AS afterJson FROM audit_log WHERE action = 'catalog.import' ORDER BY id`,
    ).all<{ afterJson: string }>()
  ).results;

const HEADER = 'sku_code,price_usd,price_cad,stock';
let merchandiser: Session;
let all: SkuState[];
beforeAll(async () => {
  await loadCatalogFixture();
  merchandiser = await staffSession('merchandiser');
  all = await skus();
});

describe('the dry run', () => {
  it('reports changes (old and new), unchanged rows and refused rows with why; changes nothing', async () => {
    const [a, b, c] = all;
    const csv = [
      HEADER,
      `${a!.code},12.50,,`,
      `${b!.code},${dollars(b!.usd)},${dollars(b!.cad)},${b!.stock}`,
      'NO-SUCH-SKU,1.00,1.00,1',
      `${c!.code},twelve,,`,
      `${c!.code},1.00,,-3`,
      `${a!.code},13.00,,`,
      '',
    ].join('\n');
    const { html } = await checked(merchandiser, csv);
    expect(html).toMatch(/data-count="changes"><strong>1<\/strong>/);
    expect(html).toMatch(/data-count="unchanged"><strong>1<\/strong>/);
    expect(html).toMatch(/data-count="refused"><strong>4<\/strong>/);
    const row = html.match(new RegExp(`data-change="${a!.code}"[\\s\\S]*?</tr>`))![0];
    expect(row).toContain(`<td class="num old">${dollars(a!.usd)}</td><td class="num new">12.50</td>`);
    expect(html).toContain(CSV_MSG.unknownSku);
    expect(html).toContain(CSV_MSG.badPrice('price_usd', 'twelve'));
    expect(html).toContain(CSV_MSG.duplicateRow(2));
    expect(html).toContain(CSV_MSG.duplicateRow(5)); // c's second row: c was already on line 5
    expect(await sku(a!.id)).toEqual(a);
  });

  it('refuses a file it cannot read, with a message and no report', async () => {
    const refusals: [string | Uint8Array<ArrayBuffer>, string][] = [
      ['sku_code,price_usd,stock\nA,1,1\n', CSV_MSG.missingColumns(['price_cad'])],
      [new Uint8Array([0x73, 0x6b, 0x75, 0xff, 0xfe, 0x0a]), CSV_MSG.notUtf8],
      [new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41), CSV_MSG.tooLarge],
    ];
    for (const [csv, message] of refusals) {
      const response = await upload(merchandiser, csv);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(text(await response.text())).toContain(message);
    }
    const form = new FormData();
    form.set('_csrf', merchandiser.csrf);
    const none = await shop(`${ADMIN}/catalog/import`, { method: 'POST', body: form, headers: merchandiser.headers });
    expect(none.status).toBe(400);
    expect(text(await none.text())).toContain(CSV_MSG.noFile);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM catalog_import').first<{ n: number }>();
    expect(count!.n).toBe(1); // only the first test's report
  });

  it('is for staff who may edit prices', async () => {
    const support = await staffSession('support');
    expect((await upload(support, `${HEADER}\nA,1,1,1\n`)).status).toBe(403);
    expect((await shop(`${ADMIN}/catalog/export.csv`, { headers: support.headers })).status).toBe(403);
  });
});

describe('applying', () => {
  it('applies every change in batches with progress, keeps lowest prices right, audits one import', async () => {
    all = await skus();
    const csv = [HEADER, ...all.map((s) => `${s.code},${dollars(s.usd + 100)},,${s.stock + 1}`)].join('\r\n');
    const { token, html } = await checked(merchandiser, csv);
    expect(html).toMatch(new RegExp(`data-count="changes"><strong>${all.length}</strong>`));
    const applied = await apply(merchandiser, token);
    expect(applied.status).toBe(200);
    const steps = [...applied.html.matchAll(/<progress value="(\d+)" max="(\d+)"/g)].map((m) => Number(m[1]));
    expect(steps.length).toBeGreaterThan(2); // more than one batch of at most 100 statements
    expect(steps.at(-1)).toBe(all.length);
    expect(applied.html).toContain(`Applied. ${all.length} SKUs changed.`);
    const after = await skus();
    expect(after.map((s) => [s.usd, s.stock, s.version])).toEqual(
      all.map((s) => [s.usd + 100, s.stock + 1, s.version + 1]),
    );
    expect(after.map((s) => s.cad)).toEqual(all.map((s) => s.cad));
    const stale = await env.DB.prepare(
      `SELECT count(*) AS n FROM item i WHERE min_price_usd IS NOT (SELECT min(p.discount_price) FROM sku s
         JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD' WHERE s.item_id = i.id)`,
    ).first<{ n: number }>();
    expect(stale!.n).toBe(0);
    const [audit] = await importAudits();
    expect(JSON.parse(audit!.afterJson)).toMatchObject({ changed: all.length, skippedAsChangedSince: 0, refused: 0 });
    const handle = await env.DB.prepare(
      `SELECT url_handle AS handle FROM seo WHERE type = 'ITEM' AND target_id = ? AND is_primary = 1`,
    )
      .bind(after[1]!.itemId)
      .first<{ handle: string }>();
    const product = await page(`${US_HOST}/product/${handle!.handle}`);
    expect(product.html).toContain(`$${dollars(after[1]!.usd)}`);
  });

  it('applies a report once: a double click and a second Apply change nothing more', async () => {
    const [a, b] = await skus();
    const { token } = await checked(
      merchandiser,
      [HEADER, `${a!.code},,,${a!.stock + 5}`, `${b!.code},,9.99,`].join('\n'),
    );
    const audits = (await importAudits()).length;
    const [one, two] = await Promise.all([apply(merchandiser, token), apply(merchandiser, token)]);
    const outcomes = [one, two].map(
      (answer) => answer.html.match(/data-import-state="(applied|elsewhere|already)"/)?.[1],
    );
    expect(outcomes.sort()).toEqual(['applied', outcomes.includes('already') ? 'already' : 'elsewhere'].sort());
    expect(await sku(a!.id)).toMatchObject({ stock: a!.stock + 5, version: a!.version + 1 });
    expect(await sku(b!.id)).toMatchObject({ cad: 999, version: b!.version + 1 });
    const again = await apply(merchandiser, token);
    expect(again.html).toContain('This import was already applied. Nothing was applied twice.');
    expect(await sku(a!.id)).toMatchObject({ stock: a!.stock + 5, version: a!.version + 1 });
    expect(await importAudits()).toHaveLength(audits + 1);
    const report = await page(`${ADMIN}/catalog/import/${token}`, { headers: merchandiser.headers });
    expect(report.html).toContain('data-import-state="applied"');
    expect(report.html).not.toContain(`/catalog/import/${token}/apply`);
  });

  it('lets only one of two applies running at the same moment apply a batch; the other stops', async () => {
    const [, , c] = await skus();
    const { token } = await checked(merchandiser, [HEADER, `${c!.code},,,${c!.stock + 7}`].join('\n'));
    const audit = () => testAudit('catalog.import', token);
    const first = applyImport(env.DB, token, audit);
    const second = applyImport(env.DB, token, audit);
    const steps = await Promise.all([first.next(), second.next()]);
    expect(steps.map((step) => step.value?.state).sort()).toEqual(['elsewhere', 'progress']);
    const winner = steps[0].value?.state === 'progress' ? first : second;
    expect((await winner.next()).value).toEqual({ state: 'applied', applied: 1, skipped: 0, total: 1 });
    expect(await sku(c!.id)).toMatchObject({ stock: c!.stock + 7, version: c!.version + 1 });
  });

  it('skips a row whose SKU changed after the dry run (an order, or another edit) and says so', async () => {
    const [a, b] = await skus();
    const { token } = await checked(merchandiser, [HEADER, `${a!.code},77.00,,`, `${b!.code},88.00,,`].join('\n'));
    await env.DB.prepare('UPDATE sku SET available_total = available_total - 1 WHERE id = ?').bind(a!.id).run();
    const applied = await apply(merchandiser, token);
    expect(applied.html).toContain('Applied. 1 SKUs changed; 1 skipped because they changed after the check.');
    expect(await sku(a!.id)).toMatchObject({ usd: a!.usd, stock: a!.stock - 1 });
    expect(await sku(b!.id)).toMatchObject({ usd: 8800 });
  });
});

describe('the export', () => {
  it('streams every SKU in the import columns, and reads back as all unchanged', async () => {
    const response = await shop(`${ADMIN}/catalog/export.csv`, { headers: merchandiser.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="prices-and-stock-/);
    const csv = await response.text();
    const lines = csv.trimEnd().split('\r\n');
    const now = await skus();
    // The import's columns first, then the optional ones (core charges, regulated columns: issue 40).
    expect(lines[0]).toBe(CSV_HEADER.trimEnd());
    expect(lines[0]!.startsWith(`${HEADER},`)).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual(
      now.map((s) => `${s.code},${dollars(s.usd)},${dollars(s.cad)},${s.stock}`),
    );
    const { html } = await checked(merchandiser, csv);
    expect(html).toMatch(new RegExp(`data-count="unchanged"><strong>${now.length}</strong>`));
    expect(html).toMatch(/data-count="changes"><strong>0<\/strong>/);
  });
});
