import { stockRepository } from './stock-repository.ts';
import type { SkuFacts, CollectionPageRecord } from './records.ts';
import { SEARCH_PAGE_SIZE } from '../../shared/constants.ts';
import type { SearchRecord } from '../../shared/catalog-types.ts';
import type { MarketId } from '../../shared/markets.ts';
import { browseRepository } from './browse-repository.ts';
import { brandList, toCard, type Brand } from './browse.ts';
import type { Clock } from '../platform/clock.ts';
import { categoryRepository } from './category-repository.ts';
import { collectionRepository } from './collection-repository.ts';
import { catalogRepository } from './repository.ts';

/**
 * The catalog's door: what its routes, its pages and other domains ask of items, SKUs,
 * categories, collections and their fitment facts.
 */

export type { ItemRecord, SkuRecord } from './records.ts';
export type { SkuFacts } from './records.ts';
export type { CategoryNode } from './records.ts';
export type { Brand } from './browse.ts';
export type { CardRecord } from './records.ts';

/** The navigation (front) category tree: top categories with their children, in display order. */
export function categoryTree(db: D1Database) {
  return categoryRepository(db).tree('FRONT');
}

/** Back (catalog) categories by handle, for scoping a promotion; handles not found are left out. */
export function backCategoriesByHandle(db: D1Database, handles: readonly string[]) {
  return categoryRepository(db).backByHandles(handles);
}

/** SKU ids by part number; part numbers not found are left out. */
export function skusByPartNumbers(db: D1Database, partNumbers: readonly string[]) {
  return categoryRepository(db).skusByPartNumbers(partNumbers);
}

/** A product's questions and answers, in order. */
export function itemFaqs(db: D1Database, itemId: number) {
  return categoryRepository(db).faqsOfItem(itemId);
}

/** One page of a collection as the collection page shows it. */
export interface CollectionPage {
  collection: CollectionPageRecord;
  children: { name: string; handle: string }[];
  total: number;
  cards: SearchRecord[];
}

/**
 * A page of a collection: the collection, its sub-collections, the total and the page's product
 * cards (sold in the market, in the collection's order); null for an unknown collection.
 */
export async function collectionPage(
  db: D1Database,
  market: MarketId,
  handle: string,
  page: number,
): Promise<CollectionPage | null> {
  const found = await collectionRepository(db).page(handle, market, page, SEARCH_PAGE_SIZE);
  if (!found) return null;
  const cards = await productCards(db, market, found.itemIds);
  return { collection: found.collection, children: found.children, total: found.total, cards };
}

/**
 * Product cards of the given items with their live prices in the market, in the order asked;
 * items the market does not list (unknown, withdrawn, not sold there) are left out.
 */
export async function productCards(db: D1Database, market: MarketId, ids: readonly number[]): Promise<SearchRecord[]> {
  if (ids.length === 0) return [];
  const rows = await browseRepository(db).cardsByIds(ids, market);
  const byId = new Map(rows.map((row) => [row.itemId, toCard(market)(row)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** The active brands the home page shows (§3 Brand: showOnHomePage), by sortOnHomePage, then name. */
export async function homePageBrands(db: D1Database, clock: Clock, shopId: number): Promise<Brand[]> {
  const brands = await brandList(db, clock, shopId);
  const rank = (brand: Brand) => brand.sortOnHomePage ?? Number.MAX_SAFE_INTEGER;
  return brands
    .filter((brand) => brand.active && brand.showOnHomePage)
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** The facts of SKUs in one market (status, stock, price, categories), by SKU id. */
export async function skuFacts(
  db: D1Database,
  skuIds: readonly number[],
  market: MarketId,
): Promise<Map<number, SkuFacts>> {
  return new Map((await stockRepository(db).skuFacts(skuIds, market)).map((sku) => [sku.skuId, sku]));
}

/** Items by id with their SKUs priced in the market's currency, in the order asked. */
export function itemsWithSkus(db: D1Database, ids: readonly number[], market: MarketId) {
  return catalogRepository(db).itemsWithSkus(ids, market);
}

/** Fitment answers for items and a vehicle (§4 Fit status), an item's fitment table, the item of a SKU id. */
export { fitmentTable, itemIdOf, lookupFitment, MAX_LOOKUP_ITEMS } from './fitment-lookup.ts';

/** The 50-state legal alternatives to a part a ship-to state refuses, items' emissions facts (issue 40). */
export { emissionsOfItems, legalAlternatives, shippingClassesOfItems } from './regulated.ts';

// The catalog in French (issue 37).
export { localWords, titlesInFrench } from './french.ts';
