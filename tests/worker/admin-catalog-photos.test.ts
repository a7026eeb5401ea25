import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_EDIT_MSG } from '../../worker/catalog/staff.ts';
import { ADMIN, staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { shop, US_HOST } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;
let merchandiser: Session;

/** The smallest valid PNG: one transparent pixel. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
);

async function product() {
  return (await env.DB.prepare(
    `SELECT i.id, i.version, (SELECT url_handle FROM seo WHERE type = 'ITEM' AND target_id = i.id AND is_primary = 1)
       AS handle FROM item i WHERE i.us_status = 'ON_SHELVES' AND i.status = 'ON_SHELVES' ORDER BY i.id DESC LIMIT 1`,
  ).first<{ id: number; version: number; handle: string }>())!;
}

const images = async (itemId: number) =>
  (
    await env.DB.prepare('SELECT url FROM item_image WHERE item_id = ? ORDER BY idx')
      .bind(itemId)
      .all<{ url: string }>()
  ).results.map((row) => row.url);

/** Posts a photo as the product page's upload form does (multipart). */
function upload(itemId: number, session: Session, file: File, version: number) {
  const body = new FormData();
  body.set('_csrf', session.csrf);
  body.set('version', String(version));
  body.set('photo', file);
  return shop(`${ADMIN}/catalog/${itemId}/photos`, {
    method: 'POST',
    redirect: 'manual',
    headers: session.headers,
    body,
  });
}

beforeAll(async () => {
  await loadCatalogFixture();
  merchandiser = await staffSession('merchandiser');
});

describe('uploading a product photo', () => {
  it('stores a PNG in R2, adds it to the product, and the storefront serves it', async () => {
    const item = await product();
    const response = await upload(
      item.id,
      merchandiser,
      new File([PNG], 'front.png', { type: 'image/png' }),
      item.version,
    );
    expect(response.status).toBe(303);
    const added = (await images(item.id)).find((url) => url.startsWith('/media/catalog/'));
    expect(added).toMatch(new RegExp(`^/media/catalog/${item.id}/[0-9a-f-]{36}\\.png$`));
    const served = await shop(`${US_HOST}${added}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const productPage = await (await shop(`${US_HOST}/product/${item.handle}`)).text();
    expect(productPage).toContain(added);
  });

  it('refuses a file that is not a photo whatever its name, and a stale form, leaving nothing in R2', async () => {
    const item = await product();
    const before = await images(item.id);
    const fake = new File([new TextEncoder().encode('<svg onload="alert(1)"></svg>........')], 'x.png', {
      type: 'image/png',
    });
    const refused = await upload(item.id, merchandiser, fake, item.version);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(CATALOG_EDIT_MSG.photoType);

    const stale = await upload(item.id, merchandiser, new File([PNG], 'a.png'), item.version - 1);
    expect(stale.status).toBe(409);
    expect(await images(item.id)).toEqual(before);
    const listed = await env.MEDIA.list({ prefix: `catalog/${item.id}/` });
    expect(listed.objects.length).toBe(before.filter((url) => url.startsWith('/media/catalog/')).length);
  });

  it('is refused to support staff', async () => {
    const item = await product();
    const support = await staffSession('support');
    const response = await upload(item.id, support, new File([PNG], 'front.png'), item.version);
    expect(response.status).toBe(403);
  });
});
