import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_PAGES } from '../../kv-seed/entries.ts';
import type { CartAnswer } from '../../shared/cart.ts';
import { type CampaignPageConfig, campaignHref, campaignPageSchema } from '../../shared/content/campaign.ts';
import { KV_KEY } from '../../shared/kv-keys.ts';
import type { MarketId } from '../../shared/markets.ts';
import { PROMOTION_MSG } from '../../shared/promotion-words.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { forgetCampaign } from '../../worker/content/service.ts';
import { json } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { runSqlFile } from './checkout-helpers.ts';
import { api, CA_HOST, cookiesOf, page, US_HOST } from './helpers.ts';

/**
 * Every code a seeded campaign page advertises is a promotion the cart accepts in the page's own
 * window. The seed's dates are fixed, so each check moves the page's window and its codes' windows
 * by the same amount (keeping how they relate in the seed) until "now" sits where the check needs it.
 */

const CART = '/order/public/buyer/cart/v2';
const APPLY = '/order/public/promotion/v2/apply';
const MINUTE = 60_000;
const TIMES = ['startTime', 'endTime', 'countdownStart', 'countdownEnd'] as const;

const configs = CAMPAIGN_PAGES.map((raw) => campaignPageSchema.parse(raw));
const seeded = new Map<string, { startsAt: number; endsAt: number }>();

function visitor(host: string) {
  let cookie = '';
  const call = async (path: string, body: unknown) => {
    const result = await api<CartAnswer>(`${host}${path}`, json('POST', body, { cookie }));
    const jar = Object.values(cookiesOf(result.response)).map((line) => line.split(';')[0]);
    if (jar.length) cookie = jar.join('; ');
    return result;
  };
  return {
    add: (skuId: number, itemCount: number) => call(CART, { items: [{ skuId, itemCount }] }),
    apply: (code: string) => call(APPLY, { code }),
  };
}

/** Moves the page's window and its codes' windows so that now is `offsetMs` after the page's start or end. */
async function moveTo(config: CampaignPageConfig, edge: 'startTime' | 'endTime', offsetMs: number) {
  const shift = Date.now() - offsetMs - Date.parse(config[edge]!);
  const moved: Record<string, unknown> = { ...config };
  for (const key of TIMES) if (config[key]) moved[key] = new Date(Date.parse(config[key]!) + shift).toISOString();
  await env.SETTINGS.put(KV_KEY.campaignPage(config.slug), JSON.stringify(moved));
  forgetCampaign();
  for (const { code } of config.promotionCodes) {
    const seed = seeded.get(code)!;
    const seconds = Math.round(shift / 1000);
    await env.DB.prepare(
      `UPDATE promotion SET starts_at = ?1, ends_at = ?2
        WHERE id IN (SELECT promotion_id FROM promotion_code WHERE code = ?3)`,
    )
      .bind(seed.startsAt + seconds, seed.endsAt + seconds, code)
      .run();
  }
}

/** A part in the campaign's range the market sells, in stock, at $15.00 to $70.00. */
async function partInRange(config: CampaignPageConfig, market: MarketId) {
  const currency = market === 'us' ? 'USD' : 'CAD';
  const handles = config.rangeDetails.filter((detail) => typeof detail === 'string');
  const ids = config.rangeDetails.filter((detail) => typeof detail === 'number');
  const inRange =
    config.range === 'CATEGORY'
      ? `(c.handle IN (SELECT value FROM json_each(?2)) OR c.parent_id IN
          (SELECT id FROM category WHERE kind = 'BACK' AND handle IN (SELECT value FROM json_each(?2))))`
      : config.range === 'ITEMS'
        ? 'i.id IN (SELECT value FROM json_each(?2))'
        : '?2 IS NOT NULL';
  const part = await env.DB.prepare(
    `SELECT s.id, p.discount_price AS price FROM sku s JOIN item i ON i.id = s.item_id
      JOIN category c ON c.id = i.back_category_id JOIN sku_price p ON p.sku_id = s.id AND p.currency = ?1
      WHERE i.${market}_status = 'ON_SHELVES' AND s.available_total >= 20 AND p.discount_price BETWEEN 1500 AND 7000
        AND ${inRange} ORDER BY i.sales DESC, s.id LIMIT 1`,
  )
    .bind(currency, JSON.stringify(config.range === 'ITEMS' ? ids : handles))
    .first<{ id: number; price: number }>();
  expect(part, `${config.slug}: a part in its range`).not.toBeNull();
  return part!;
}

/** A fresh cart of $80.00 to $150.00 of a part in range, with the code applied. */
async function applyInRange(config: CampaignPageConfig, code: string, market: MarketId) {
  const part = await partInRange(config, market);
  const shopper = visitor(market === 'us' ? US_HOST : CA_HOST);
  await shopper.add(part.id, Math.ceil(8_000 / part.price));
  return shopper.apply(code);
}

const textOf = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, '');

async function stateOf(config: CampaignPageConfig) {
  const { status, html } = await page(`${US_HOST}${campaignHref(config.slug)}`);
  expect(status).toBe(200);
  return { state: /data-state="([A-Z]+)"/.exec(html)?.[1], html };
}

beforeAll(async () => {
  await loadCatalogFixture();
  await runSqlFile(seedSql);
  // Only the codes' own discounts here: the first-order offer (first-order.test.ts) has ended.
  await env.DB.prepare('UPDATE promotion SET ends_at = starts_at + 1 WHERE first_order_only = 1').run();
  for (const { code } of configs.flatMap((config) => config.promotionCodes)) {
    const row = await env.DB.prepare(
      `SELECT p.starts_at AS startsAt, p.ends_at AS endsAt FROM promotion p
        JOIN promotion_code pc ON pc.promotion_id = p.id WHERE pc.code = ?1 AND pc.market = 'us'`,
    )
      .bind(code)
      .first<{ startsAt: number; endsAt: number }>();
    expect(row, `${code} is a seeded promotion`).not.toBeNull();
    seeded.set(code, row!);
  }
});

describe('the codes campaign pages advertise', () => {
  it('seeds a page config for the three §2 campaigns and the Easter sale, each advertising a code', () => {
    expect(configs.map((config) => config.slug).sort()).toEqual(
      ['amazing-offers-rolling-in', 'bf2', 'black-friday-cyber-monday-unbeatable-offer', 'easter-sale'].sort(),
    );
    for (const config of configs) expect(config.promotionCodes.length, config.slug).toBeGreaterThan(0);
  });

  for (const config of configs) {
    describe(config.slug, () => {
      it.each([
        ['just after it starts', 'startTime', MINUTE],
        ['just before it ends', 'endTime', -MINUTE],
      ] as const)(
        'while live (%s) shows each code, and the cart gives its discount on a part in range',
        async (_, edge, at) => {
          await moveTo(config, edge, at);
          const { state, html } = await stateOf(config);
          expect(state).toBe('LIVE');
          for (const { code } of config.promotionCodes) {
            expect(html).toContain(`data-code="${code}"`);
            for (const market of ['us', 'ca'] as const) {
              const applied = await applyInRange(config, code, market);
              expect(applied.status, `${code} in ${market}: ${applied.body.msg}`).toBe(200);
              const pricing = applied.body.data.detail.pricing;
              const discount = pricing.discounts.find((entry) => entry.code === code);
              expect(discount?.amount, `${code} in ${market}`).toBeGreaterThan(0);
              expect(pricing.promotionCodes).toContain(code);
            }
          }
        },
      );

      it('before it starts says so, and the cart refuses each code as not active yet', async () => {
        await moveTo(config, 'startTime', -MINUTE);
        const { state, html } = await stateOf(config);
        expect(state).toBe('UPCOMING');
        for (const { code } of config.promotionCodes) {
          expect(textOf(html)).toContain(`Use code ${code} in your cart from `);
          const refused = await applyInRange(config, code, 'us');
          expect(refused.status).toBe(400);
          expect(refused.body.msg).toBe(PROMOTION_MSG.notStarted('code'));
        }
      });

      it('after it ends shows the ended state without codes, and the cart refuses each code as expired', async () => {
        await moveTo(config, 'endTime', MINUTE);
        const { state, html } = await stateOf(config);
        expect(state).toBe('ENDED');
        expect(html).toContain('This offer has ended');
        for (const { code } of config.promotionCodes) {
          expect(html).not.toContain(`data-code="${code}"`);
          const refused = await applyInRange(config, code, 'us');
          expect(refused.body.msg).toBe(PROMOTION_MSG.expired('code'));
        }
      });
    });
  }
});
