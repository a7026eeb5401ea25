// Generates a believable parts catalog from a seed: same seed and size, same catalog. Each item
// is one record (catalog-record.ts) and every row of it, title, fitment, specifications and
// reviews, is read off that record.
import { coreChargeOf } from './catalog-cores.ts';
import { coverageRecords } from './catalog-coverage.ts';
import { type FitContext, fitContext } from './catalog-fit.ts';
import { sellersOf } from './catalog-plan.ts';
import { modelWeights, randomRecord } from './catalog-random.ts';
import { baseTitleOf, type LeafCategory, type PartRecord, specsOf, stockOf, titleOf } from './catalog-record.ts';
import { brands, categories, collectionsAndBundles, type Row, type Tables } from './catalog-tables.ts';
import { emissionsSentence, regulatedColumns } from './catalog-regulated.ts';
import { shippingColumns } from './catalog-shipping.ts';
import { faqFor, reviewFor } from './catalog-text.ts';
import { finishImageUrl, itemImages } from './part-images.ts';
import { WARRANTIES } from './part-types.ts';
import { type Random, seededRandom } from './random.ts';
import { slugify, type VehicleTree } from './vehicle-tree.ts';

export type { Row, Tables };

/**
 * The rolled items a catalog keeps beside the coverage plan: 8 % of it, but no more than 300 while
 * the plan needs the room (of 5,000 items the plan takes 4,700: a generation or two a part).
 */
const ROLLED_SHARE = 0.08;
const ROLLED_ENOUGH = 300;
const TABLES = [
  'brand',
  'category',
  'front_back_category',
  'collection',
  'collection_item',
  'bundle',
  'bundle_item',
  'item',
  'item_customs',
  'sku',
  'sku_price',
  'item_image',
  'item_video',
  'seo',
  'fitment',
  'review',
  'item_faq',
  'item_search',
];

export interface GeneratedCatalog {
  tables: Tables;
  itemCount: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);
/** A retail price: whole dollars ending in .99. */
const retail = (dollars: number) => Math.max(99, cents(Math.floor(dollars)) + 99);

/** Generates `itemCount` items: the coverage plan's records spread evenly among rolled ones. */
export function generateCatalog(tree: VehicleTree, itemCount: number, seed: number): GeneratedCatalog {
  const random = seededRandom(seed);
  const tables: Tables = Object.fromEntries(TABLES.map((name) => [name, [] as Row[]]));
  const leaves = categories(tables);
  const brandList = brands(tables);
  const ctx = fitContext(tree);
  const byHandle = new Map(leaves.map((leaf) => [leaf.part.handle, leaf]));
  // Every category keeps at least one rolled item, however small the catalog (the test fixture).
  const rolled = Math.max(leaves.length, Math.min(ROLLED_ENOUGH, Math.floor(itemCount * ROLLED_SHARE)));
  const budget = Math.max(0, itemCount - rolled);
  const coverage = coverageRecords(ctx, random, byHandle, brandList, budget);
  const roll = recordRoller(ctx, random, leaves, brandList);
  const ids = { sku: 1, fitment: 1, review: 1, faq: 1, seo: 1, handles: new Set<string>() };
  let covered = 0;
  for (let itemId = 1; itemId <= itemCount; itemId++) {
    const takeCoverage = covered < coverage.length && covered * itemCount < itemId * coverage.length;
    const record = takeCoverage ? coverage[covered++]! : roll();
    addItem(tables, ids, ctx, random, record, itemId);
  }
  collectionsAndBundles(random, tables, itemCount);
  return { tables, itemCount };
}

/** Rolls records, first one per category, then by category weight, brand and vehicle popularity. */
function recordRoller(
  ctx: FitContext,
  random: Random,
  leaves: LeafCategory[],
  brandList: ReturnType<typeof brands>,
): () => PartRecord {
  const models = modelWeights(ctx);
  const leafWeights = leaves.map((leaf) => [leaf, leaf.part.fitment.includes('none') ? 0.5 : 1] as const);
  const sellers = new Map(leaves.map((leaf) => [leaf.id, sellersOf(brandList, leaf)]));
  let rolled = 0;
  return () => {
    for (;;) {
      const leaf = rolled < leaves.length ? leaves[rolled]! : random.weighted(leafWeights);
      rolled++;
      const brand = random.chance(0.3) ? brandList[0]! : random.pick(sellers.get(leaf.id)!);
      for (let attempt = 0; attempt < 8; attempt++) {
        const record = randomRecord(ctx, random, leaf, brand, models);
        if (record) return record;
      }
    }
  };
}

type Ids = { sku: number; fitment: number; review: number; faq: number; seo: number; handles: Set<string> };

/** Writes one record's rows: the item, its specifications, SKUs, prices, media, handles, fitment, reviews. */
function addItem(tables: Tables, ids: Ids, ctx: FitContext, random: Random, record: PartRecord, itemId: number) {
  const { leaf, brand, variant, position } = record;
  const part = leaf.part;
  const baseTitle = baseTitleOf(record, random);
  const title = titleOf(record, baseTitle);
  const serial = `${part.handle.slice(0, 3).toUpperCase()}${String(itemId).padStart(6, '0')}`;
  const partNumber = `${brand.brand.abbreviation}-${serial}`;
  const priceUsd = retail(part.priceUsd[0] + record.priceTier * (part.priceUsd[1] - part.priceUsd[0]));
  const priceCad = retail((priceUsd / 100) * 1.37);
  const markup = random.chance(0.7) ? 1 + random.int(5, 45) / 100 : 1;
  const { stock, status, usStatus, caStatus } = stockOf(record, random);
  const reviewCount = random.chance(0.35) ? 0 : random.int(1, 6);
  const ratings = Array.from({ length: reviewCount }, () =>
    random.weighted([
      [5, 55],
      [4, 28],
      [3, 9],
      [2, 4],
      [1, 4],
    ] as const),
  );
  const rating = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : null;
  const images = itemImages(part.handle, baseTitle);
  const fitted = record.style === 'fitted';
  const regulated = regulatedColumns(part, variant, brand.brand.abbreviation, itemId);

  tables.item!.push({
    id: itemId,
    title,
    sub_title: `${variant.name} ${part.name.toLowerCase()}${position ? `, ${position.toLowerCase()}` : ''}`,
    detail_content:
      `${title}. Built to meet or exceed original equipment fit, form and function. ` +
      (part.core ? 'This part carries a refundable core charge, returned when you send back your old part. ' : '') +
      emissionsSentence(regulated.emissions_status, regulated.carb_eo),
    installation:
      record.style === 'none'
        ? null
        : random.pick([
            'Direct bolt-on replacement; no modification needed.',
            'Professional installation recommended.',
            'Reuses factory mounting points and connectors.',
          ]),
    warranty: random.pick(WARRANTIES),
    country: random.pick(['United States', 'Canada', 'Mexico', 'Taiwan', 'China', 'Germany']),
    location: random.pick(['Columbus, OH', 'Reno, NV', 'Toronto, ON']),
    quantity: record.count ?? part.quantity ?? 1,
    in_kind: null,
    vehicle_universal: record.style === 'universal' ? 1 : 0,
    non_vehicle: record.style === 'none' ? 1 : 0,
    alt: baseTitle,
    special_note: part.core ? 'Core charge applies' : null,
    brand_id: brand.id,
    item_condition: part.core && variant.name === 'Remanufactured' ? 'Remanufactured' : 'New',
    status,
    us_status: usStatus,
    ca_status: caStatus,
    back_category_id: leaf.id,
    additional_video_cover_url: null,
    item_decorate: null,
    logistics_list: JSON.stringify(['Standard Shipping', 'Expedited Shipping']),
    campaign_mark: random.chance(0.08) ? 'BLACK_FRIDAY' : null,
    review_rating: rating,
    review_count: reviewCount,
    sales: Math.floor(random.next() ** 3 * 5000),
    min_price_usd: priceUsd,
    min_price_cad: priceCad,
    ...regulated,
    ...shippingColumns(part),
  });
  specsOf(record, random).forEach(([label, value], sort) => {
    tables.item_customs!.push({ item_id: itemId, sort, label, value });
  });

  const skuCount = position === 'Pair' ? 1 : random.chance(0.15) ? 2 : 1;
  for (let s = 0; s < skuCount; s++) {
    const id = ids.sku++;
    tables.sku!.push({
      id,
      item_id: itemId,
      part_number: s === 0 ? partNumber : `${partNumber}-${['BK', 'CH'][s - 1] ?? s}`,
      part_number_customs: null,
      sku_customs: null,
      bar_code: String(600000000000 + itemId * 10 + s),
      color: s === 0 ? null : (['Black', 'Chrome'][s - 1] ?? null),
      available_total: stock,
      image_url: s === 1 ? finishImageUrl(part.handle, 'Black') : null,
      aces: null,
      sort: s,
    });
    const bump = s * 500;
    for (const [currency, price] of [
      ['USD', priceUsd],
      ['CAD', priceCad],
    ] as const)
      tables.sku_price!.push({
        sku_id: id,
        currency,
        discount_price: price + bump,
        original_price: Math.round((price + bump) * markup),
        core_charge: coreChargeOf(part, currency),
      });
  }
  for (const [n, image] of images.entries()) {
    tables.item_image!.push({
      item_id: itemId,
      idx: n,
      is_main: image.isMain ? 1 : 0,
      media_type: 'IMAGE',
      url: image.url,
      title: image.title,
      description: null,
    });
  }
  if (random.chance(0.06)) {
    tables.item_video!.push({
      item_id: itemId,
      idx: 0,
      url: `/media/videos/${part.handle}-install.mp4`,
      cover_url: images[0]!.url,
      title: `How to install ${part.name.toLowerCase()}`,
    });
  }
  addHandles(tables, ids, random, title, baseTitle, part.name, partNumber, itemId);
  const note = fitted && part.note && random.chance(0.3) ? random.pick(part.note) : null;
  const seen = new Set<number>();
  for (const { node, location } of record.rows) {
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    tables.fitment!.push({
      id: ids.fitment++,
      item_id: itemId,
      node_id: node.id,
      node_level: node.level,
      model_node_id: node.modelNodeId ?? node.id,
      sub_model: node.level === 4 ? node.text : null,
      series: null,
      engine_code: null,
      engine_type: node.level === 5 ? node.text : null,
      body_style: null,
      location: location ?? position,
      note,
      quantity: record.count ?? part.quantity ?? 1,
      qualifiers: null,
      aces_app_id: null,
    });
  }
  for (const value of ratings) {
    tables.review!.push({
      id: ids.review++,
      item_id: itemId,
      ...reviewFor(random, ctx, record, value),
      status: 'PUBLISHED',
      verified_purchase: random.chance(0.8) ? 1 : 0,
      helpful_count: random.int(0, 40),
      created_at: 1_700_000_000 + random.int(0, 90_000_000),
    });
  }
  for (const faq of faqFor(random, part)) tables.item_faq!.push({ id: ids.faq++, item_id: itemId, ...faq });
  tables.item_search!.push({
    rowid: itemId,
    title,
    part_numbers: [partNumber, ...(skuCount > 1 ? [`${partNumber}-BK`] : [])].join(' '),
    brand: brand.name,
    category: `${part.name} ${leaf.top.name}`,
  });
}

/** The item's primary handle, and now and then an old one that redirects to it. */
function addHandles(
  tables: Tables,
  ids: Ids,
  random: Random,
  title: string,
  baseTitle: string,
  partName: string,
  partNumber: string,
  itemId: number,
) {
  let handle = `${slugify(baseTitle)}-${partNumber.toLowerCase()}`;
  while (ids.handles.has(handle)) handle += '-x';
  ids.handles.add(handle);
  const seo = { target_id: itemId, type: 'ITEM', title, displacements: null };
  tables.seo!.push({
    id: ids.seo++,
    ...seo,
    url_handle: handle,
    description: `${title}. Check fitment for your vehicle, fast shipping in the US and Canada.`,
    is_primary: 1,
    active: 1,
  });
  if (!random.chance(0.1)) return;
  const old = `${slugify(partName)}-${partNumber.toLowerCase()}`;
  if (ids.handles.has(old)) return;
  ids.handles.add(old);
  tables.seo!.push({ id: ids.seo++, ...seo, url_handle: old, description: null, is_primary: 0, active: 0 });
}
