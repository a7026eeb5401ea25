import { cartItemKey, groupCartItems, isUnusable, type CartLineView, type CartLinesView } from '../../shared/cart.ts';
import { fitmentSentence, type FitmentAnswer } from '../../shared/fitment.ts';
import { emissionsOf, prop65Of } from '../../shared/regulated-parts.ts';
import { hazmatOf, sizeClassOf } from '../../shared/shipping-limits.ts';
import type { Market } from '../../shared/markets.ts';
import { cartRepository } from './repository.ts';
import type { CartLineRecord, CartRecord, SkuFacts } from './records.ts';
import { effectiveStatus } from './changes.ts';
import { lookupFitment } from '../catalog/service.ts';
import { vehiclePath } from '../vehicles/service.ts';
import { imageAsset } from '../platform/build-info.ts';
import * as m from '../../shared/i18n/generated/messages.js';

function noVehicleFitment(facts: Map<number, SkuFacts>): Map<number, FitmentAnswer> {
  return new Map(
    [...facts.values()].map((sku) => [
      sku.itemId,
      { applies: sku.nonVehicle !== 1, status: 'EMPTY' as const, notes: [], positions: [] },
    ]),
  );
}

/** A line's priced facts; lines whose part vanished from the catalog show as unavailable. */
function lineView(
  line: CartLineRecord,
  facts: SkuFacts | undefined,
  bundlePercent: number,
  market: Market,
  fitment: FitmentAnswer | undefined,
  vehicleName: string | null,
): CartLineView {
  const status = facts ? effectiveStatus(facts) : 'DELETED';
  const unit = facts?.discountPrice ?? 0;
  const discountPrice = line.bundleId ? Math.round((unit * (100 - bundlePercent)) / 100) : unit;
  const usable = !isUnusable(status);
  return {
    key: cartItemKey(line),
    itemId: facts?.itemId ?? 0,
    skuId: line.skuId,
    itemCount: line.itemCount,
    itemType: line.itemType,
    bundleId: line.bundleId || null,
    status,
    discountPrice,
    originalPrice: facts?.originalPrice ?? unit,
    coreCharge: facts?.coreCharge ?? null,
    currency: market.currency,
    seoId: facts?.seoId ?? null,
    urlHandle: facts?.urlHandle ?? null,
    imageUrl: imageAsset(facts?.imageUrl ?? null),
    title: facts?.title ?? 'Part no longer available',
    partNumber: facts?.partNumber ?? '',
    availableTotal: facts?.availableTotal ?? 0,
    campaignId: line.campaignId,
    attributeValueId: line.attributeValueId,
    extraSubTitle: facts?.partNumber ? m.part_number_short({ number: facts.partNumber }) : '',
    extraSubTitleJoinVehicle: fitment?.applies ? fitmentSentence(fitment, vehicleName) : '',
    carModelMatch: fitment?.applies ? fitment.status : null,
    cartModelAttr: fitment?.applies
      ? { notes: fitment.notes, positions: fitment.positions, missingLevel: fitment.missingLevel ?? null }
      : null,
    brandId: facts?.brandId ?? null,
    categoryIds: facts
      ? [facts.backCategoryId, facts.parentCategoryId, facts.grandCategoryId].filter((id): id is number => id !== null)
      : [],
    lineTotal: usable ? discountPrice * line.itemCount : 0,
    usable,
    emissions: facts ? emissionsOf(facts) : null,
    shipRefusal: null,
    // The catalog's listing; pricedCart keeps it only for a shopper shipping to California (regulated.ts).
    prop65: facts ? prop65Of(facts) : null,
    hazmat: hazmatOf(facts?.hazmatClass),
    sizeClass: sizeClassOf(facts?.sizeClass),
    shipLimit: null,
  };
}

/**
 * The cart's lines as the shopper sees them for the current vehicle: catalog facts, bundle
 * prices and fitment, in three D1 round trips whatever the cart's size.
 */
export type { CartLineView, CartLinesView };

export async function cartLines(
  db: D1Database,
  cart: CartRecord | null,
  market: Market,
  attributeValueId: number | null,
  known?: { lines: CartLineRecord[]; facts: Map<number, SkuFacts> },
): Promise<CartLinesView> {
  const repository = cartRepository(db);
  const lines = cart ? (known?.lines ?? (await repository.lines(cart.uuid))) : [];
  if (lines.length === 0)
    return {
      items: [],
      groups: { regular: [], tradeIn: [], bundles: [], unusable: [] },
      itemCount: 0,
      vehicleName: null,
    };
  const bundleIds = [...new Set(lines.flatMap((line) => (line.bundleId ? [Number(line.bundleId)] : [])))];
  const [facts, bundles, vehicle] = await Promise.all([
    known?.facts ??
      repository.skuFacts(
        lines.map((line) => line.skuId),
        market.id,
      ),
    repository.bundleSkus(bundleIds),
    attributeValueId ? vehiclePath(db, attributeValueId) : null,
  ]);
  const itemIds = [...new Set([...facts.values()].map((sku) => sku.itemId))];
  // Without a vehicle every part that has fitment is EMPTY: no need to ask D1.
  const fitment = vehicle ? await lookupFitment(db, vehicle, itemIds) : noVehicleFitment(facts);
  const items = lines.map((line) => {
    const sku = facts.get(line.skuId);
    const percent = bundles.find((row) => String(row.bundleId) === line.bundleId)?.discountPercent ?? 0;
    return lineView(line, sku, percent, market, sku && fitment.get(sku.itemId), vehicle?.name ?? null);
  });
  const grouped = groupCartItems(items);
  const keys = (list: CartLineView[]) => list.map((item) => item.key);
  return {
    items,
    groups: {
      regular: keys(grouped.regular),
      tradeIn: keys(grouped.tradeIn),
      bundles: grouped.bundles.map((group) => ({ bundleId: group.bundleId, items: keys(group.items) })),
      unusable: keys(grouped.unusable),
    },
    itemCount: items.reduce((sum, item) => sum + (item.usable ? item.itemCount : 0), 0),
    vehicleName: vehicle?.name ?? null,
  };
}
