import { isBuyable } from '../../shared/item-status.ts';
import type { SkuRecord } from './records.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * A product's variants (issue 41): what tells its SKUs apart (colour, then the SKU's own label/value pairs: side,
 * finish, kit contents, pack size), which one the page shows (`?sku=`), and whether each can be bought here.
 */

/** One SKU as a choice on the product page. */
export interface VariantChoice {
  skuId: number;
  /** Its distinguishing values ("Black", "Left · Pair"); its part number when nothing else differs. */
  name: string;
  partNumber: string;
  discountPrice: number | null;
  /** NOT_SOLD (no price in the market, or the product is not sold here), SOLD_OUT, or the product's status. */
  state: string;
  chosen: boolean;
}

/** A SKU's label/value pairs as stored; malformed JSON reads as none. */
function customsOf(sku: SkuRecord): { label: string; value: string }[] {
  if (!sku.skuCustoms) return [];
  try {
    const pairs: unknown = JSON.parse(sku.skuCustoms);
    if (!Array.isArray(pairs)) return [];
    return pairs.flatMap((pair) =>
      pair && typeof pair.label === 'string' && typeof pair.value === 'string'
        ? [{ label: pair.label, value: pair.value }]
        : [],
    );
  } catch {
    return [];
  }
}

/** A SKU's attributes by label, colour first. */
function attributesOf(sku: SkuRecord): Map<string, string> {
  const attributes = new Map<string, string>();
  if (sku.color) attributes.set(m.variant_colour(), sku.color);
  for (const { label, value } of customsOf(sku)) attributes.set(label, value);
  return attributes;
}

/** The labels whose values differ between the SKUs (a label only some SKUs carry differs too). */
export function variantLabels(skus: readonly SkuRecord[]): string[] {
  const all = skus.map(attributesOf);
  const labels = [...new Set(all.flatMap((attributes) => [...attributes.keys()]))];
  return labels.filter((label) => new Set(all.map((attributes) => attributes.get(label) ?? '')).size > 1);
}

/** The SKU `?sku=` names when it is one of this product's; otherwise (absent, not a number, another's) the first. */
export function chosenSku<T extends { skuId: number }>(skus: readonly T[], asked: string | undefined): T | undefined {
  const id = asked && /^\d{1,9}$/.test(asked) ? Number(asked) : null;
  return skus.find((sku) => sku.skuId === id) ?? skus[0];
}

/** Whether a SKU can be bought, and if not why: NOT_SOLD, SOLD_OUT, else the product's status in the market. */
export function variantState(sku: SkuRecord, status: string, soldHere: boolean): string {
  if (!soldHere || sku.discountPrice === null) return 'NOT_SOLD';
  if (!isBuyable(status) || sku.availableTotal <= 0) return 'SOLD_OUT';
  return status;
}

/** The product's SKUs as choices, in their order; none when it has only one. */
export function variantChoices(
  skus: readonly SkuRecord[],
  chosen: SkuRecord | undefined,
  status: string,
  soldHere: boolean,
): VariantChoice[] {
  if (skus.length < 2) return [];
  const labels = variantLabels(skus);
  return skus.map((sku) => {
    const attributes = attributesOf(sku);
    const values = labels.map((label) => attributes.get(label) ?? m.variant_standard());
    return {
      skuId: sku.skuId,
      name: values.length ? values.join(' · ') : sku.partNumber,
      partNumber: sku.partNumber,
      discountPrice: sku.discountPrice,
      state: variantState(sku, status, soldHere),
      chosen: sku.skuId === chosen?.skuId,
    };
  });
}
