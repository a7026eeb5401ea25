import { currencyOf, type MarketId } from '../../shared/markets.ts';
import { ApiError } from '../platform/api-error.ts';
import { sellingRepository } from './selling-repository.ts';
import { NO_SUCH_PRODUCT, pushTo } from './browse.ts';

/** A product's selling attributes (§7 Search and items): its SKUs' label/value pairs and their tree. */

/** One label/value pair of a product's selling attributes (UPS). */
export interface SellingPair {
  label: string;
  value: string;
}

/** A SKU with its selling attributes. */
export interface SellingSku {
  skuId: number;
  partNumber: string;
  attributes: SellingPair[];
  availableTotal: number;
  discountPrice: number | null;
  originalPrice: number | null;
}

/** What a SKU without a value for a label is called under it, so every SKU can be chosen. */
export const STANDARD_VALUE = 'Standard';

/** A SKU's customs (a JSON list of label/value pairs, or a label-to-value object); anything else counts as none. */
function parseSkuCustoms(text: string | null): SellingPair[] {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : [];
  } catch {
    return [];
  }
  const pairs = Array.isArray(parsed)
    ? parsed.map((entry) => [entry?.label, entry?.value])
    : parsed && typeof parsed === 'object'
      ? Object.entries(parsed)
      : [];
  return pairs
    .filter(
      ([label, value]) =>
        typeof label === 'string' &&
        label.trim() &&
        ['string', 'number'].includes(typeof value) &&
        String(value).trim(),
    )
    .map(([label, value]) => ({ label: String(label).trim(), value: String(value).trim() }));
}

/**
 * An item's SKUs with their selling attributes (customs, and Color when any SKU has one) and its specs; null when
 * unknown.
 */
async function sellingSkus(db: D1Database, market: MarketId, itemId: number) {
  const loaded = await sellingRepository(db).sellingAttributes(itemId, market);
  if (!loaded) return null;
  const coloured = loaded.skus.some((sku) => sku.color);
  const skus: SellingSku[] = loaded.skus.map(
    ({ skuId, partNumber, availableTotal, discountPrice, originalPrice, ...sku }) => {
      const attributes = parseSkuCustoms(sku.skuCustoms);
      if (coloured && !attributes.some((pair) => pair.label === 'Color'))
        attributes.push({ label: 'Color', value: sku.color ?? STANDARD_VALUE });
      return { skuId, partNumber, attributes, availableTotal, discountPrice, originalPrice };
    },
  );
  const labels = [...new Set(skus.flatMap((sku) => sku.attributes.map((pair) => pair.label)))];
  return { skus, labels, itemCustoms: loaded.itemCustoms };
}

const valueOf = (sku: SellingSku, label: string) =>
  sku.attributes.find((pair) => pair.label === label)?.value ?? STANDARD_VALUE;

/**
 * Every selling label with its values across the item's SKUs, then the item's specs (which hold for every SKU); 404
 * when unknown.
 */
export async function allSellingAttributes(db: D1Database, market: MarketId, itemId: number) {
  const loaded = await sellingSkus(db, market, itemId);
  if (!loaded) throw ApiError.notFound(NO_SUCH_PRODUCT);
  const allIds = loaded.skus.map((sku) => sku.skuId);
  const attributes = loaded.labels.map((label) => {
    const values = new Map<string, number[]>();
    for (const sku of loaded.skus) pushTo(values, valueOf(sku, label), sku.skuId);
    return { label, values: [...values].map(([value, skuIds]) => ({ value, skuIds })) };
  });
  const specs = loaded.itemCustoms
    .filter((spec) => !loaded.labels.includes(spec.label))
    .map((spec) => ({ label: spec.label, values: [{ value: spec.value, skuIds: allIds }] }));
  return { itemId, currency: currencyOf(market), attributes: [...attributes, ...specs], skus: loaded.skus };
}

/** A value at one level of the hierarchy, with the SKUs under it and the next level's values. */
export interface SellingNode {
  label: string;
  value: string;
  skuIds: number[];
  inStock: boolean;
  children: SellingNode[];
}

function grow(skus: readonly SellingSku[], labels: readonly string[], depth: number): SellingNode[] {
  const label = labels[depth];
  if (label === undefined) return [];
  const groups = new Map<string, SellingSku[]>();
  for (const sku of skus) pushTo(groups, valueOf(sku, label), sku);
  return [...groups].map(([value, group]) => ({
    label,
    value,
    skuIds: group.map((sku) => sku.skuId),
    inStock: group.some((sku) => sku.availableTotal > 0),
    children: grow(group, labels, depth + 1),
  }));
}

/**
 * The selling attributes level by level (in the order labels first appear): choosing a value narrows the next level to
 * what exists; 404 when unknown.
 */
export async function sellingHierarchy(db: D1Database, market: MarketId, itemId: number) {
  const loaded = await sellingSkus(db, market, itemId);
  if (!loaded) throw ApiError.notFound(NO_SUCH_PRODUCT);
  return {
    itemId,
    currency: currencyOf(market),
    levels: loaded.labels,
    tree: grow(loaded.skus, loaded.labels, 0),
    skus: loaded.skus,
  };
}
