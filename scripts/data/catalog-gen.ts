// Generates a believable parts catalog from a seed: same seed and size, same catalog.
import { BRANDS, CATALOG, WARRANTIES, type FitmentStyle, type PartType } from './part-types.ts';
import { seededRandom, type Random } from './random.ts';
import { slugify, type VehicleNode, type VehicleTree } from './vehicle-tree.ts';
import { reviewFor, faqFor } from './catalog-text.ts';

export type Row = Record<string, string | number | null>;
export type Tables = Record<string, Row[]>;

const IMAGE_VARIANTS = 4;
/** Makes weighted by how much of the aftermarket they are (US/Canada registrations). */
const MAKE_WEIGHT: Record<string, number> = {
  Ford: 14,
  Chevrolet: 14,
  Toyota: 12,
  Honda: 10,
  Nissan: 8,
  Dodge: 6,
  Ram: 6,
  GMC: 6,
  Jeep: 6,
  Hyundai: 5,
  Kia: 5,
  Subaru: 4,
  Volkswagen: 4,
  Mazda: 4,
  BMW: 3,
  'Mercedes-Benz': 3,
  Chrysler: 3,
  Buick: 2,
  Cadillac: 2,
  Lexus: 2,
  Acura: 2,
  Audi: 2,
  Pontiac: 2,
  Mitsubishi: 2,
  Lincoln: 1.5,
  Infiniti: 1.5,
  Volvo: 1.5,
  Mercury: 1,
  Saturn: 1,
  Oldsmobile: 1,
  Tesla: 1,
};

interface LeafCategory {
  id: number;
  part: PartType;
  top: { name: string; handle: string; color: string };
}

export interface GeneratedCatalog {
  tables: Tables;
  itemCount: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);
/** A retail price: whole dollars ending in .99. */
const retail = (dollars: number) => Math.max(99, cents(Math.floor(dollars)) + 99);

function categories(tables: Tables): LeafCategory[] {
  const leaves: LeafCategory[] = [];
  let id = 1;
  CATALOG.forEach((top, topIndex) => {
    const backTop = id++;
    const frontTop = id++;
    tables.category!.push(
      {
        id: backTop,
        parent_id: null,
        kind: 'BACK',
        name: top.name,
        handle: top.handle,
        depth: 1,
        sort: topIndex,
        image_url: `/static/parts/${top.handle}-1.svg`,
      },
      {
        id: frontTop,
        parent_id: null,
        kind: 'FRONT',
        name: top.name,
        handle: top.handle,
        depth: 1,
        sort: topIndex,
        image_url: `/static/parts/${top.handle}-1.svg`,
      },
    );
    tables.front_back_category!.push({ front_id: frontTop, back_id: backTop });
    top.parts.forEach((part, partIndex) => {
      const back = id++;
      const front = id++;
      tables.category!.push(
        {
          id: back,
          parent_id: backTop,
          kind: 'BACK',
          name: part.name,
          handle: part.handle,
          depth: 2,
          sort: partIndex,
          image_url: `/static/parts/${top.handle}-${(partIndex % IMAGE_VARIANTS) + 1}.svg`,
        },
        {
          id: front,
          parent_id: frontTop,
          kind: 'FRONT',
          name: part.name,
          handle: part.handle,
          depth: 2,
          sort: partIndex,
          image_url: `/static/parts/${top.handle}-${(partIndex % IMAGE_VARIANTS) + 1}.svg`,
        },
      );
      tables.front_back_category!.push({ front_id: front, back_id: back });
      leaves.push({ id: back, part, top });
    });
  });
  return leaves;
}

function brands(tables: Tables): { id: number; name: string }[] {
  return BRANDS.map((brand, i) => {
    const row = {
      id: i + 1,
      name: brand.name,
      logo_url: `/static/brands/${slugify(brand.name)}.svg`,
      abbreviation: brand.abbreviation,
      active: 1,
      brand_logo_url: `/static/brands/${slugify(brand.name)}.svg`,
      shop_id: 1,
      show_on_brand_agg_page: 1,
      show_on_home_page: i < 8 ? 1 : 0,
      sort_on_home_page: i < 8 ? i + 1 : null,
      landing_page_url: `/search?brand=${i + 1}`,
      self_brand: 'self' in brand && brand.self ? 1 : 0,
    };
    tables.brand!.push(row);
    return { id: row.id, name: row.name };
  });
}

/** Picks the vehicle nodes an application covers, honest to the style: model years, some trims, one engine. */
function applications(
  random: Random,
  tree: VehicleTree,
  models: { id: number; makeId: number }[],
  style: FitmentStyle,
): VehicleNode[] {
  const model = random.pick(models);
  const years = tree.modelYears.get(model.id) ?? [];
  if (years.length === 0) return [];
  const span = Math.min(years.length, random.int(2, 8));
  const start = random.int(0, years.length - span);
  const range = years.slice(start, start + span);
  if (style === 'model') return range;
  const childrenOf = (node: VehicleNode) => tree.children.get(node.id) ?? [];
  if (style === 'trim') {
    const nodes = range.flatMap((year) => {
      const trims = childrenOf(year).filter((child) => child.level === 4);
      if (trims.length < 2) return [year];
      return random.sample(trims, random.int(1, Math.max(1, trims.length - 1)));
    });
    return nodes;
  }
  // engine: one engine text across the range, at every node that carries it
  const engines = range.flatMap((year) =>
    [...childrenOf(year), ...childrenOf(year).flatMap(childrenOf)].filter((n) => n.level === 5),
  );
  if (engines.length === 0) return range;
  const engineText = random.pick(engines).text;
  return engines.filter((node) => node.text === engineText);
}

export function generateCatalog(tree: VehicleTree, itemCount: number, seed: number): GeneratedCatalog {
  const random = seededRandom(seed);
  const tables: Tables = Object.fromEntries(
    [
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
    ].map((name) => [name, [] as Row[]]),
  );
  const leaves = categories(tables);
  const brandList = brands(tables);
  const makeName = new Map(tree.makes.map((make) => [make.id, make.name]));
  const modelsByMake = new Map<number, VehicleTree['models']>();
  for (const model of tree.models) {
    if ((tree.modelYears.get(model.id)?.length ?? 0) === 0) continue;
    (modelsByMake.get(model.makeId) ?? modelsByMake.set(model.makeId, []).get(model.makeId)!).push(model);
  }
  // A make's share of the aftermarket is spread over its models.
  const weightedModels = [...modelsByMake.entries()].flatMap(([makeId, models]) =>
    models.map((model) => [model, (MAKE_WEIGHT[makeName.get(makeId) ?? ''] ?? 0.3) / models.length] as const),
  );
  if (weightedModels.length === 0) throw new Error('the vehicle data has no model years to fit parts to');
  const leafWeights = leaves.map((leaf) => [leaf, leaf.part.fitment.includes('none') ? 0.5 : 1] as const);
  const usedHandles = new Set<string>();
  let skuId = 1,
    fitmentId = 1,
    reviewId = 1,
    faqId = 1,
    seoId = 1;

  for (let itemId = 1; itemId <= itemCount; itemId++) {
    const leaf = random.weighted(leafWeights);
    const part = leaf.part;
    const brand = random.chance(0.3) ? brandList[0]! : random.pick(brandList);
    const variant = random.pick(part.variants);
    const position = part.positions ? random.pick(part.positions) : null;
    const style = random.pick(part.fitment);
    const focusModels = [random.weighted(weightedModels)];
    if (style !== 'universal' && style !== 'none' && random.chance(0.25)) {
      focusModels.push(random.pick(modelsByMake.get(focusModels[0]!.makeId)!));
    }
    const nodes =
      style === 'universal' || style === 'none'
        ? []
        : focusModels.flatMap((model) => applications(random, tree, [model], style));
    const fitsText =
      nodes.length > 0
        ? (() => {
            const first = nodes[0]!;
            const yearsCovered = nodes.map((node) => node.year);
            const years = `${Math.min(...yearsCovered)}-${Math.max(...yearsCovered)}`;
            const model = tree.models.find((m) => m.id === first.modelId)?.name ?? '';
            return ` for ${years} ${makeName.get(first.makeId!) ?? ''} ${model}`;
          })()
        : '';
    const template = random.pick(part.titles);
    const baseTitle =
      template
        .replace('{brand}', brand.name)
        .replace('{variant}', variant)
        .replace('{count}', String(random.pick([3, 4]))) + (position ? `, ${position}` : '');
    const title = `${baseTitle}${fitsText}`.replace(/\s+/g, ' ').trim();
    // Unique by construction: the item id is part of it.
    const partNumber =
      `${BRANDS[brand.id - 1]!.abbreviation}-` +
      `${leaf.part.handle.slice(0, 3).toUpperCase()}${String(itemId).padStart(6, '0')}`;
    const priceUsd = retail(part.priceUsd[0] + random.next() * (part.priceUsd[1] - part.priceUsd[0]));
    const priceCad = retail((priceUsd / 100) * 1.37);
    const markup = random.chance(0.7) ? 1 + random.int(5, 45) / 100 : 1;
    const roll = random.next();
    const stock = roll < 0.04 ? 0 : roll < 0.1 ? random.int(1, 4) : random.int(5, 400);
    const status =
      roll < 0.04
        ? 'SOLD_OUT'
        : roll < 0.1
          ? 'UNDER_STOCK'
          : roll < 0.11
            ? 'OFF_SHELVES'
            : roll < 0.115
              ? 'DRAFT'
              : 'ON_SHELVES';
    const caStatus =
      status !== 'ON_SHELVES'
        ? status
        : (part.carb && random.chance(0.5)) || random.chance(0.04)
          ? 'OFF_SHELVES'
          : 'ON_SHELVES';
    const usStatus = status !== 'ON_SHELVES' ? status : random.chance(0.015) ? 'OFF_SHELVES' : 'ON_SHELVES';
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
    const image = (n: number) => `/static/parts/${leaf.top.handle}-${((itemId + n) % IMAGE_VARIANTS) + 1}.svg`;
    const imageCount = random.int(2, 5);
    const universal = style === 'universal' ? 1 : 0;

    tables.item!.push({
      id: itemId,
      title,
      sub_title: `${variant} ${part.name.toLowerCase()}${position ? `, ${position.toLowerCase()}` : ''}`,
      detail_content:
        `${title}. Built to meet or exceed original equipment fit, form and function. ` +
        (part.core ? 'This part carries a refundable core charge, returned when you send back your old part. ' : '') +
        (part.carb ? 'Emissions part: California orders need the CARB-compliant version. ' : ''),
      installation:
        style === 'none'
          ? null
          : random.pick([
              'Direct bolt-on replacement; no modification needed.',
              'Professional installation recommended.',
              'Reuses factory mounting points and connectors.',
            ]),
      warranty: random.pick(WARRANTIES),
      country: random.pick(['United States', 'Canada', 'Mexico', 'Taiwan', 'China', 'Germany']),
      location: random.pick(['Columbus, OH', 'Reno, NV', 'Toronto, ON']),
      quantity: part.quantity ?? 1,
      in_kind: null,
      vehicle_universal: universal,
      non_vehicle: style === 'none' ? 1 : 0,
      alt: baseTitle,
      special_note: part.core ? 'Core charge applies' : null,
      brand_id: brand.id,
      item_condition: part.core && variant === 'Remanufactured' ? 'Remanufactured' : 'New',
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
    });
    part.specs.forEach(([label, values], sort) => {
      tables.item_customs!.push({ item_id: itemId, sort, label, value: random.pick(values) });
    });
    if (position)
      tables.item_customs!.push({ item_id: itemId, sort: part.specs.length, label: 'Position', value: position });

    const skuCount = part.positions && position === 'Pair' ? 1 : random.chance(0.15) ? 2 : 1;
    for (let s = 0; s < skuCount; s++) {
      const id = skuId++;
      const skuPartNumber = s === 0 ? partNumber : `${partNumber}-${['BK', 'CH'][s - 1] ?? s}`;
      tables.sku!.push({
        id,
        item_id: itemId,
        part_number: skuPartNumber,
        part_number_customs: null,
        sku_customs: null,
        bar_code: String(600000000000 + itemId * 10 + s),
        color: s === 0 ? null : (['Black', 'Chrome'][s - 1] ?? null),
        available_total: stock,
        aces: null,
        sort: s,
      });
      const bump = s * 500;
      tables.sku_price!.push({
        sku_id: id,
        currency: 'USD',
        discount_price: priceUsd + bump,
        original_price: Math.round((priceUsd + bump) * markup),
      });
      tables.sku_price!.push({
        sku_id: id,
        currency: 'CAD',
        discount_price: priceCad + bump,
        original_price: Math.round((priceCad + bump) * markup),
      });
    }
    for (let n = 0; n < imageCount; n++) {
      tables.item_image!.push({
        item_id: itemId,
        idx: n,
        is_main: n === 0 ? 1 : 0,
        media_type: 'IMAGE',
        url: image(n),
        title: n === 0 ? baseTitle : `${baseTitle}, view ${n + 1}`,
        description: null,
      });
    }
    if (random.chance(0.06)) {
      tables.item_video!.push({
        item_id: itemId,
        idx: 0,
        url: `/media/videos/${leaf.part.handle}-install.mp4`,
        cover_url: image(0),
        title: `How to install ${part.name.toLowerCase()}`,
      });
    }
    let handle = `${slugify(baseTitle)}-${partNumber.toLowerCase()}`;
    while (usedHandles.has(handle)) handle += '-x';
    usedHandles.add(handle);
    tables.seo!.push({
      id: seoId++,
      target_id: itemId,
      type: 'ITEM',
      url_handle: handle,
      title,
      description: `${title}. Check fitment for your vehicle, fast shipping in the US and Canada.`,
      is_primary: 1,
      active: 1,
      displacements: null,
    });
    if (random.chance(0.1)) {
      const old = `${slugify(part.name)}-${partNumber.toLowerCase()}`;
      if (!usedHandles.has(old)) {
        usedHandles.add(old);
        tables.seo!.push({
          id: seoId++,
          target_id: itemId,
          type: 'ITEM',
          url_handle: old,
          title,
          description: null,
          is_primary: 0,
          active: 0,
          displacements: null,
        });
      }
    }
    const note = part.note && random.chance(0.3) ? random.pick(part.note) : null;
    const seen = new Set<number>();
    for (const node of nodes) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      tables.fitment!.push({
        id: fitmentId++,
        item_id: itemId,
        node_id: node.id,
        node_level: node.level,
        model_node_id: node.modelNodeId ?? node.id,
        sub_model: node.level === 4 ? node.text : null,
        series: null,
        engine_code: null,
        engine_type: node.level === 5 ? node.text : null,
        body_style: null,
        location: position,
        note,
        quantity: part.quantity ?? 1,
        qualifiers: null,
        aces_app_id: null,
      });
    }
    ratings.forEach((value) => {
      tables.review!.push({
        id: reviewId++,
        item_id: itemId,
        ...reviewFor(random, part.name, value),
        status: 'PUBLISHED',
        verified_purchase: random.chance(0.8) ? 1 : 0,
        helpful_count: random.int(0, 40),
        created_at: 1_700_000_000 + random.int(0, 90_000_000),
      });
    });
    for (const faq of faqFor(random, part)) tables.item_faq!.push({ id: faqId++, item_id: itemId, ...faq });
    tables.item_search!.push({
      rowid: itemId,
      title,
      part_numbers: [partNumber, ...(skuCount > 1 ? [`${partNumber}-BK`] : [])].join(' '),
      brand: brand.name,
      category: `${part.name} ${leaf.top.name}`,
    });
  }
  collectionsAndBundles(random, tables, itemCount);
  return { tables, itemCount };
}

function collectionsAndBundles(random: Random, tables: Tables, itemCount: number): void {
  const collections = [
    ['Winter Ready', 'winter-ready', 'Batteries, wipers, lighting and mats for the cold months.'],
    ['Brake Job Essentials', 'brake-job-essentials', 'Pads, rotors, calipers and fluid for a complete brake job.'],
    ['Lighting Upgrades', 'lighting-upgrades', 'Brighter headlights, bulbs and light bars.'],
    ['Under $25', 'under-25', 'Small parts and accessories under twenty-five dollars.'],
  ] as const;
  collections.forEach(([name, handle, description], i) => {
    tables.collection!.push({ id: i + 1, parent_id: null, name, handle, description, image_url: null, sort: i });
    const picks = new Set<number>();
    for (let n = 0; n < Math.min(40, itemCount); n++) picks.add(random.int(1, itemCount));
    [...picks].forEach((itemId, sort) => {
      tables.collection_item!.push({ collection_id: i + 1, item_id: itemId, sort });
    });
  });
  const skus = tables.sku!;
  for (let b = 1; b <= Math.min(20, Math.floor(itemCount / 10)); b++) {
    const first = random.pick(skus);
    const second = random.pick(skus);
    if (first.id === second.id) continue;
    const percent = random.pick([5, 10, 15]);
    tables.bundle!.push({
      id: b,
      name: `Buy together and save ${percent}%`,
      handle: `bundle-${b}`,
      discount_percent: percent,
      active: 1,
    });
    tables.bundle_item!.push(
      { bundle_id: b, sku_id: first.id as number, quantity: 1 },
      { bundle_id: b, sku_id: second.id as number, quantity: 1 },
    );
  }
}
