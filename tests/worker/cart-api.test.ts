import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_MSG, MAX_LINE_QUANTITY } from '../../shared/cart.ts';
import { bearer, json, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { CA_HOST, US_HOST, api, cookiesOf } from './helpers.ts';

const CART = '/order/public/buyer/cart/v2';
interface Line {
  key: string;
  skuId: number;
  itemCount: number;
  status: string;
  discountPrice: number;
  currency: string;
  carModelMatch: string | null;
  usable: boolean;
  bundleId: string | null;
}
interface Cart {
  cartUUID: string | null;
  cartToken?: string;
  detail: {
    items: Line[];
    itemCount: number;
    vehicleName: string | null;
    groups: {
      regular: string[];
      tradeIn: string[];
      bundles: { bundleId: string; items: string[] }[];
      unusable: string[];
    };
    pricing: { subtotal: number; total: number; currency: string };
  };
  errors: { skuId: number; error: string }[];
}

const sku = async (where: string) =>
  (await env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id JOIN sku_price p ON p.sku_id = s.id ` +
      `AND p.currency = 'USD' WHERE ${where} ORDER BY s.id LIMIT 1`,
  ).first<{ id: number }>())!.id;
const inStock = (offset = 0) =>
  env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES'
      AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
   AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD') ORDER BY s.id LIMIT 1 OFFSET ?`,
  )
    .bind(offset)
    .first<{ id: number }>()
    .then((row) => row!.id);

/** A visitor's session: keeps the cart cookies the shop sets, like a browser would. */
function visitor(host = US_HOST) {
  const jar: Record<string, string> = {};
  const call = async (method: string, body?: unknown, query = '') => {
    const cookie = Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const init = body === undefined ? { method, headers: { cookie } } : json(method, body, { cookie });
    const result = await api<Cart>(`${host}${CART}${query}`, init);
    for (const [name, line] of Object.entries(cookiesOf(result.response)))
      jar[name] = line.slice(name.length + 1).split(';')[0]!;
    return result;
  };
  return {
    jar,
    get: (query = '') => call('GET', undefined, query),
    add: (body: unknown) => call('POST', body),
    put: (body: unknown) => call('PUT', body),
  };
}

let skuA: number;
let skuB: number;
beforeAll(async () => {
  await loadCatalogFixture();
  [skuA, skuB] = [await inStock(0), await inStock(1)];
});

describe('a visitor cart', () => {
  it('starts empty without cart id and token; the first add starts a cart with an HttpOnly token cookie', async () => {
    const shopper = visitor();
    expect((await shopper.get()).body.data).toMatchObject({ cartUUID: null, detail: { items: [] } });
    const added = await shopper.add({ items: [{ skuId: skuA, itemCount: 2 }] });
    expect(added.body.data.cartUUID).toMatch(/^[0-9a-f-]{36}$/);
    expect(cookiesOf(added.response).cart).toMatch(/HttpOnly/i);
    expect(added.body.data.detail.items).toMatchObject([
      { skuId: skuA, itemCount: 2, status: 'ON_SHELVES', currency: 'USD' },
    ]);
    expect((await shopper.get()).body.data.detail.itemCount).toBe(2);
  });

  it('adds quantities of the same sku + itemType + bundle into one line', async () => {
    const shopper = visitor();
    await shopper.add({ items: [{ skuId: skuA, itemCount: 1 }] });
    const cart = (
      await shopper.add({
        items: [
          { skuId: skuA, itemCount: 3, itemType: 'NORMAL' },
          { skuId: skuB, itemCount: 1 },
        ],
      })
    ).body.data;
    expect(cart.detail.items.map((line) => [line.skuId, line.itemCount])).toEqual([
      [skuA, 4],
      [skuB, 1],
    ]);
    expect(cart.detail.groups.regular).toEqual([`${skuA}:NORMAL:`, `${skuB}:NORMAL:`]);
  });

  it('prices lines in the market currency: CAD on the Canadian shop', async () => {
    const shopper = visitor(CA_HOST);
    const cart = (await shopper.add({ items: [{ skuId: skuA, itemCount: 2 }] })).body.data;
    const cad = (await env.DB.prepare(`SELECT discount_price AS p FROM sku_price WHERE sku_id = ? AND currency = 'CAD'`)
      .bind(skuA)
      .first<{ p: number }>())!.p;
    expect(cart.detail.items[0]).toMatchObject({ currency: 'CAD', discountPrice: cad });
    expect(cart.detail.pricing).toMatchObject({ currency: 'CAD', subtotal: cad * 2 });
  });

  it('UPDATE sets a quantity, 0 removes the line, and DELETE removes lines', async () => {
    const shopper = visitor();
    const { cartUUID } = (
      await shopper.add({
        items: [
          { skuId: skuA, itemCount: 1 },
          { skuId: skuB, itemCount: 1 },
        ],
      })
    ).body.data;
    let cart = (
      await shopper.put({ action: 'UPDATE', cartUUID, items: [{ skuId: skuA, itemCount: 5, needAddCarModel: false }] })
    ).body.data;
    expect(cart.detail.items.find((line) => line.skuId === skuA)?.itemCount).toBe(5);
    cart = (await shopper.put({ action: 'UPDATE', cartUUID, items: [{ skuId: skuA, itemCount: 0 }] })).body.data;
    expect(cart.detail.items.map((line) => line.skuId)).toEqual([skuB]);
    cart = (await shopper.put({ action: 'DELETE', cartUUID, items: [{ skuId: skuB }] })).body.data;
    expect(cart.detail.items).toEqual([]);
  });

  it('clamps to the stock left and says how many are left', async () => {
    const scarce = await inStock(2);
    const left = 3;
    await env.DB.prepare(`UPDATE sku SET available_total = ? WHERE id = ?`).bind(left, scarce).run();
    const cart = (await visitor().add({ items: [{ skuId: scarce, itemCount: left + 3 }] })).body.data;
    expect(cart.detail.items[0]?.itemCount).toBe(left);
    expect(cart.errors).toEqual([{ skuId: scarce, error: CART_MSG.onlyLeft(left) }]);
  });

  it('refuses unknown, sold-out and not-sold-here parts per part, keeping the rest', async () => {
    await env.DB.prepare(`UPDATE sku SET available_total = 0 WHERE id = ?`).bind(skuB).run();
    try {
      const cart = (
        await visitor().add({
          items: [
            { skuId: 999_999_999, itemCount: 1 },
            { skuId: skuB, itemCount: 1 },
            { skuId: skuA, itemCount: 1 },
          ],
        })
      ).body.data;
      expect(cart.errors).toEqual([
        { skuId: 999_999_999, error: CART_MSG.unknownSku },
        { skuId: skuB, error: CART_MSG.soldOut },
      ]);
      expect(cart.detail.items.map((line) => line.skuId)).toEqual([skuA]);
    } finally {
      await env.DB.prepare(`UPDATE sku SET available_total = 50 WHERE id = ?`).bind(skuB).run();
    }
  });

  it('refuses a part the Canadian shop does not sell', async () => {
    const usOnly = await sku(`i.us_status = 'ON_SHELVES' AND i.ca_status = 'OFF_SHELVES' AND s.available_total > 0`);
    const cart = (await visitor(CA_HOST).add({ items: [{ skuId: usOnly, itemCount: 1 }] })).body.data;
    expect(cart.errors).toEqual([{ skuId: usOnly, error: CART_MSG.notSoldHere }]);
  });

  it('shows a line that became sold out under unusable, outside the total', async () => {
    const shopper = visitor();
    await shopper.add({
      items: [
        { skuId: skuA, itemCount: 1 },
        { skuId: skuB, itemCount: 2 },
      ],
    });
    await env.DB.prepare(`UPDATE sku SET available_total = 0 WHERE id = ?`).bind(skuB).run();
    try {
      const cart = (await shopper.get()).body.data;
      expect(cart.detail.groups.unusable).toEqual([`${skuB}:NORMAL:`]);
      expect(cart.detail.items.find((line) => line.skuId === skuB)).toMatchObject({
        status: 'SOLD_OUT',
        usable: false,
      });
      expect(cart.detail.itemCount).toBe(1);
      expect(cart.detail.pricing.subtotal).toBe(cart.detail.items.find((line) => line.skuId === skuA)!.discountPrice);
    } finally {
      await env.DB.prepare(`UPDATE sku SET available_total = 50 WHERE id = ?`).bind(skuB).run();
    }
  });

  it("refuses another shopper's cart id with a clear message and leaves that cart alone", async () => {
    const owner = visitor();
    const { cartUUID } = (await owner.add({ items: [{ skuId: skuA, itemCount: 1 }] })).body.data;
    const stranger = visitor();
    const read = await stranger.get(`?cartUUID=${cartUUID}`);
    expect(read.status).toBe(404);
    expect(read.body.msg).toBe(CART_MSG.notFound);
    expect(cookiesOf(read.response).cartId).toMatch(/Max-Age=0/i);
    const write = await stranger.put({ action: 'DELETE', cartUUID, items: [{ skuId: skuA }] });
    expect(write.status).toBe(404);
    expect((await owner.get()).body.data.detail.items).toHaveLength(1);
  });

  it('rejects negative, huge and fractional quantities and bad item types with a 400 naming the field', async () => {
    const shopper = visitor();
    for (const [item, message] of [
      [{ skuId: skuA, itemCount: -1 }, `items.0.itemCount ${CART_MSG.quantity}`],
      [{ skuId: skuA, itemCount: MAX_LINE_QUANTITY + 1 }, `items.0.itemCount ${CART_MSG.quantity}`],
      [{ skuId: skuA, itemCount: 1.5 }, `items.0.itemCount ${CART_MSG.quantity}`],
      [{ skuId: 'x', itemCount: 1 }, 'items.0.skuId must be a positive whole number'],
      [{ skuId: skuA, itemCount: 1, itemType: 'GIFT' }, 'items.0.itemType must be one of NORMAL, TRADE_IN'],
    ] as const) {
      const result = await shopper.add({ items: [item] });
      expect(result.status).toBe(400);
      expect(result.body.msg).toBe(message);
    }
    expect((await shopper.put({ action: 'EMPTY', items: [{ skuId: skuA }] })).body.msg).toBe(
      'action must be UPDATE or DELETE',
    );
  });

  it('two tabs adding the same part at once both count', async () => {
    const shopper = visitor();
    await shopper.add({ items: [{ skuId: skuA, itemCount: 1 }] });
    await Promise.all([1, 2, 3, 4].map(() => shopper.add({ items: [{ skuId: skuA, itemCount: 1 }] })));
    expect((await shopper.get()).body.data.detail.items[0]?.itemCount).toBe(5);
  });
});

describe('a member cart', () => {
  it('takes in the visitor cart on sign-in and is found again from another device', async () => {
    const token = await member(`cart-merge-${Date.now()}@example.com`);
    const phone = visitor();
    await phone.add({ items: [{ skuId: skuA, itemCount: 2 }] });
    // The member already had a cart with another part on their laptop.
    await api(
      `${US_HOST}${CART}`,
      json(
        'POST',
        {
          items: [
            { skuId: skuB, itemCount: 1 },
            { skuId: skuA, itemCount: 1 },
          ],
        },
        bearer(token),
      ),
    );
    const cookie = Object.entries(phone.jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const merged = (await api<Cart>(`${US_HOST}${CART}`, { headers: { cookie, ...bearer(token) } })).body.data;
    expect(merged.detail.items.map((line) => [line.skuId, line.itemCount]).sort()).toEqual(
      [
        [skuA, 3],
        [skuB, 1],
      ].sort(),
    );
    const laptop = (await api<Cart>(`${US_HOST}${CART}`, { headers: bearer(token) })).body.data;
    expect(laptop.cartUUID).toBe(merged.cartUUID);
    expect(laptop.detail.itemCount).toBe(4);
    // The visitor cart is gone: its cookies now reach nothing.
    expect((await phone.get()).body.data.cartUUID).toBeNull();
  });

  it('a visitor cart becomes the member cart when they had none', async () => {
    const token = await member(`cart-adopt-${Date.now()}@example.com`);
    const shopper = visitor();
    const { cartUUID } = (await shopper.add({ items: [{ skuId: skuB, itemCount: 1 }] })).body.data;
    const cookie = Object.entries(shopper.jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    expect((await api<Cart>(`${US_HOST}${CART}`, { headers: { cookie, ...bearer(token) } })).body.data.cartUUID).toBe(
      cartUUID,
    );
    // Signed out again, the same browser starts a new cart rather than reading the member's.
    const signedOut = await shopper.get();
    expect(signedOut.body.data).toMatchObject({ cartUUID: null, detail: { items: [] } });
    expect(cookiesOf(signedOut.response).cartId).toMatch(/Max-Age=0/i);
  });
});

describe('buy now', () => {
  it('prices one part as its own checkout and leaves the cart untouched', async () => {
    const shopper = visitor();
    await shopper.add({ items: [{ skuId: skuA, itemCount: 1 }] });
    const cookie = Object.entries(shopper.jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const bought = await api<Cart>(
      `${US_HOST}/order/public/buyer/buy-now/order`,
      json('POST', { skuId: skuB, itemCount: 2 }, { cookie }),
    );
    expect(bought.body.data.cartToken).toBeTruthy();
    expect(bought.body.data.detail.items).toMatchObject([{ skuId: skuB, itemCount: 2 }]);
    expect((await shopper.get()).body.data.detail.items.map((line) => line.skuId)).toEqual([skuA]);
  });

  it('refuses a part that cannot be bought with the reason', async () => {
    const result = await api(
      `${US_HOST}/order/public/buyer/buy-now/order`,
      json('POST', { skuId: 999_999_999, itemCount: 1 }),
    );
    expect(result.status).toBe(400);
    expect(result.body.msg).toBe(CART_MSG.unknownSku);
  });
});

describe('fitment on cart lines', () => {
  it('says on each line whether the part fits the current vehicle, with the §4 status and vehicle', async () => {
    const app = (await env.DB.prepare(
      `SELECT f.item_id AS itemId, f.model_node_id AS modelId, s.id AS skuId FROM fitment f
        JOIN sku s ON s.item_id = f.item_id JOIN item i ON i.id = f.item_id
       WHERE f.node_level = 3 AND i.us_status = 'ON_SHELVES' AND i.vehicle_universal = 0
         AND s.available_total > 5 ORDER BY f.id LIMIT 1`,
    ).first<{ itemId: number; modelId: number; skuId: number }>())!;
    const other = (await env.DB.prepare(
      `SELECT id FROM vehicle_node WHERE level = 3 AND id NOT IN (SELECT model_node_id FROM fitment ` +
        `WHERE item_id = ?) LIMIT 1`,
    )
      .bind(app.itemId)
      .first<{ id: number }>())!.id;
    const shopper = visitor();
    await shopper.add({ items: [{ skuId: app.skuId, itemCount: 1 }] });
    const fits = (await shopper.get(`?attributeValueId=${app.modelId}`)).body.data.detail;
    expect(fits.items[0]).toMatchObject({ carModelMatch: 'FIT' });
    expect(fits.vehicleName).toMatch(/^\d{4} /);
    expect((fits.items[0] as unknown as { extraSubTitleJoinVehicle: string }).extraSubTitleJoinVehicle).toBe(
      `Fits your ${fits.vehicleName}`,
    );
    expect((await shopper.get(`?attributeValueId=${other}`)).body.data.detail.items[0]).toMatchObject({
      carModelMatch: 'NOT_FIT',
    });
    expect((await shopper.get()).body.data.detail.items[0]).toMatchObject({ carModelMatch: 'EMPTY' });
  });
});
