/**
 * What a sample cart would get from one promotion (issue 22, the back office): staff type part
 * numbers and quantities, pick a market and whether the shopper is a member, and the promotions
 * engine prices that cart with this promotion alone (its code entered, its coupon chosen), at the
 * market's Standard Shipping fee. The engine's own words say why it applies or not.
 */
import { type MarketId, currencyOf } from '../../shared/markets.ts';
import { priceCart } from '../../shared/promotions/engine.ts';
import type { CartPricing, PricingLine } from '../../shared/promotions/types.ts';
import { shippingOptionsFor } from '../../shared/shipping-options.ts';
import { shippingCost } from '../../shared/shipping.ts';
import { skuFacts, skusByPartNumbers } from '../catalog/service.ts';
import { promotionAdminRepository } from './admin-repository.ts';
import { toPromotion } from './context.ts';

/** At most this many lines in a sample cart. */
export const PREVIEW_LINES_MAX = 20;
const QUANTITY_MAX = 99;

export const PREVIEW_MSG = {
  lines:
    `Enter up to ${PREVIEW_LINES_MAX} lines, each a part number and optionally a quantity ` +
    `from 1 to ${QUANTITY_MAX} (e.g. "BP-1234 2").`,
  unknownParts: (parts: string[]) => `There is no part ${parts.join(', ')}.`,
  notSold: (parts: string[], market: string) =>
    `Not sold in ${market === 'ca' ? 'Canada' : 'the US'}: ${parts.join(', ')}.`,
} as const;

export interface PreviewRequest {
  market: MarketId;
  member: boolean;
  /** One line per part: "PART-NUMBER [quantity]". */
  lines: string;
}

export interface PreviewLine {
  partNumber: string;
  title: string;
  quantity: number;
  unitCent: number;
}

export type PreviewResult =
  | { ok: true; lines: PreviewLine[]; pricing: CartPricing; pricedAt: number }
  | { ok: false; error: string };

/** The typed lines: part number and quantity (1 when left out), or null when any line is not that. */
export function readSampleLines(text: string): { partNumber: string; quantity: number }[] | null {
  const rows = text
    .split('\n')
    .map((row) => row.trim())
    .filter(Boolean);
  if (rows.length === 0 || rows.length > PREVIEW_LINES_MAX) return null;
  const lines: { partNumber: string; quantity: number }[] = [];
  for (const row of rows) {
    const match = /^(\S{1,64})(?:\s*[x×]?\s*(\d{1,2}))?$/i.exec(row);
    const quantity = Number(match?.[2] ?? 1);
    if (!match || quantity < 1 || quantity > QUANTITY_MAX) return null;
    lines.push({ partNumber: match[1]!, quantity });
  }
  return lines;
}

/** Prices the sample cart with the promotion alone; null when there is no such promotion. */
export async function previewPromotion(
  db: D1Database,
  id: number,
  request: PreviewRequest,
  now: number,
): Promise<PreviewResult | null> {
  const repository = promotionAdminRepository(db);
  const row = await repository.byId(id);
  if (!row) return null;
  const sample = readSampleLines(request.lines);
  if (!sample) return { ok: false, error: PREVIEW_MSG.lines };
  const found = await skusByPartNumbers(
    db,
    sample.map((line) => line.partNumber),
  );
  const skuOf = new Map(found.map((sku) => [sku.partNumber, sku.skuId]));
  const unknown = sample.filter((line) => !skuOf.has(line.partNumber)).map((line) => line.partNumber);
  if (unknown.length > 0) return { ok: false, error: PREVIEW_MSG.unknownParts(unknown) };
  const [facts, parts] = await Promise.all([skuFacts(db, [...skuOf.values()], request.market), repository.partsOf(id)]);
  const notSold = sample.filter((line) => facts.get(skuOf.get(line.partNumber)!)?.discountPrice == null);
  if (notSold.length > 0)
    return {
      ok: false,
      error: PREVIEW_MSG.notSold(
        notSold.map((line) => line.partNumber),
        request.market,
      ),
    };
  const lines: PricingLine[] = sample.map((line, index) => {
    const sku = facts.get(skuOf.get(line.partNumber)!)!;
    return {
      key: `${sku.skuId}:${index}`,
      skuId: sku.skuId,
      itemId: sku.itemId,
      brandId: sku.brandId,
      categoryIds: [sku.backCategoryId, sku.parentCategoryId, sku.grandCategoryId].filter(
        (value): value is number => value !== null,
      ),
      quantity: line.quantity,
      unitCent: sku.discountPrice!,
      itemType: 'NORMAL',
      bundleId: null,
    };
  });
  const promotion = toPromotion(row, parts.scopes, parts.addOns);
  const standard = shippingOptionsFor(request.market)[0]!;
  const quantity = sample.reduce((sum, line) => sum + line.quantity, 0);
  // A scheduled promotion is priced as at its start, so it can be checked before it runs.
  const at = promotion.startsAt !== null && promotion.startsAt > now ? promotion.startsAt : now;
  const pricing = priceCart({
    lines,
    market: request.market,
    now: at,
    // A member is any signed-in shopper with no uses yet; a coupon is taken as already in the wallet.
    accountId: request.member ? 0 : null,
    promotions: [promotion],
    enteredCodes: promotion.code ? [promotion.code] : [],
    selectedCouponIds: promotion.source === 'COUPON' ? [promotion.id] : [],
    shippingCent: shippingCost(standard, quantity, false),
    shippingOptionName: standard.name,
    pointsToRedeem: 0,
    pointsBalance: 0,
    usage: { [promotion.id]: { total: row.usedCount, byCustomer: 0 } },
  });
  return {
    ok: true,
    pricedAt: at,
    pricing: { ...pricing, currency: currencyOf(request.market) },
    lines: sample.map((line) => {
      const sku = facts.get(skuOf.get(line.partNumber)!)!;
      return { partNumber: sku.partNumber, title: sku.title, quantity: line.quantity, unitCent: sku.discountPrice! };
    }),
  };
}
