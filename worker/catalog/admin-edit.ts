/**
 * The back office's product editor (issue 22): finding products, and changing a product's title,
 * description, statuses and images or a SKU's prices and stock. Each change names the version it
 * was drawn from; when someone changed the record since, nothing is written and the editor gets
 * the current values. Each change carries its audit entry in its own batch.
 */
import type { AuditedChange } from '../platform/audit.ts';
import { type UnitOfWork, unitOfWork } from '../platform/unit-of-work.ts';
import { centsText, PRICE_MAX_CENTS, priceCents, STOCK_MAX } from '../../shared/catalog-csv.ts';
import { ITEM_STATUSES, type ItemStatus } from '../../shared/item-status.ts';
import { catalogChanged } from '../platform/recent-reads.ts';
import { type AdminImageRow, type AdminSkuRow, catalogAdminRepository, type ItemFilter } from './admin-repository.ts';

export const ITEM_TITLE_MAX = 200;
export const ITEM_CONTENT_MAX = 20_000;
export const ITEM_IMAGES_MAX = 20;
export const CATALOG_PAGE_SIZE = 25;
const IMAGE_URL = /^\/(?:static|media\/catalog)\/(?!.*\.\.)[A-Za-z0-9._/-]{1,300}\.(?:png|jpe?g|webp|avif|svg|gif)$/i;

/** What the editor tells staff. */
export const CATALOG_EDIT_MSG = {
  notFound: 'There is no product with this number.',
  skuNotFound: 'This product has no such SKU.',
  title: `A title needs 1 to ${ITEM_TITLE_MAX} characters.`,
  content: `The description can be at most ${ITEM_CONTENT_MAX.toLocaleString('en-US')} characters.`,
  status: 'Choose one of the statuses.',
  imageUrl: 'An image URL is a path under /static/ ending in .png, .jpg, .webp, .avif, .svg or .gif.',
  photoType: 'Upload a JPEG, PNG or WebP photo (checked from the file itself).',
  photoSize: 'A photo can be at most 5 MB.',
  imageTwice: 'This image is already on the product.',
  imagesMax: `A product can have at most ${ITEM_IMAGES_MAX} images.`,
  price: 'Enter a price above 0, like 129.99.',
  priceTooHigh: 'A price can be at most 1,000,000.00.',
  original: 'The original price cannot be below the price.',
  core: 'Enter a core charge above 0, like 45.00, or leave it empty for a part without a core.',
  stock: `Stock must be a whole number from 0 to ${STOCK_MAX.toLocaleString('en-US')}.`,
  productConflict:
    'Someone else changed this product while you were editing it. Your changes were not saved; ' +
    'these are the current values.',
  skuConflict:
    'This SKU changed while you were editing it (another staff member, or an order taking stock). ' +
    'Your changes were not saved; these are the current values.',
} as const;

/** The audit entry of one change, written in the change's own batch. */
export type { AuditedChange } from '../platform/audit.ts';

export type ProductFields = 'title' | 'detailContent' | 'status' | 'usStatus' | 'caStatus';
export type SkuFields = 'priceUsd' | 'originalUsd' | 'priceCad' | 'originalCad' | 'stock' | 'coreUsd' | 'coreCad';
export type EditResult<F extends string> =
  | { ok: true }
  | { ok: false; problem: 'not-found'; message: string }
  | { ok: false; problem: 'invalid'; errors: Partial<Record<F, string>> }
  | { ok: false; problem: 'conflict'; message: string };

const MARKET_FILTER = new Set(['item', 'us', 'ca']);

/** A page of products for the list: what the query asked for, read safely (bad values are ignored). */
export async function catalogList(db: D1Database, query: Record<string, string | undefined>) {
  const status = (ITEM_STATUSES as readonly string[]).includes(query.status ?? '') ? query.status! : null;
  const filter: ItemFilter = {
    search: (query.q ?? '').trim().slice(0, 100),
    categoryId: /^\d{1,9}$/.test(query.category ?? '') ? Number(query.category) : null,
    statusOf: MARKET_FILTER.has(query.market ?? '') ? (query.market as ItemFilter['statusOf']) : 'item',
    status,
  };
  const page = /^\d{1,6}$/.test(query.page ?? '') ? Math.max(1, Number(query.page)) : 1;
  const repository = catalogAdminRepository(db);
  const [found, categories] = await Promise.all([
    repository.findItems(filter, CATALOG_PAGE_SIZE, (page - 1) * CATALOG_PAGE_SIZE),
    repository.backCategories(),
  ]);
  return { ...found, filter, page, pages: Math.max(1, Math.ceil(found.total / CATALOG_PAGE_SIZE)), categories };
}

/** A product with its images and SKUs for the editor, or null. */
export function productForEdit(db: D1Database, id: number) {
  return catalogAdminRepository(db).itemDetail(id);
}
export type ProductForEdit = NonNullable<Awaited<ReturnType<typeof productForEdit>>>;

/**
 * Runs a change's unit of work, whose first guard is the record's version. A guard that refuses rolls
 * the batch back; the record is read again to tell that (false) from a real failure, which is thrown.
 */
async function writeGuarded(work: UnitOfWork): Promise<boolean> {
  if (!(await work.commit()).ok) return false;
  catalogChanged();
  return true;
}

/** The version guard's name: another staff member (or an order taking stock) changed the record first. */
const VERSION = 'version';

const isStatus = (text: string): text is ItemStatus => (ITEM_STATUSES as readonly string[]).includes(text);

/** Changes a product's title, description and statuses, when its version is still the form's. */
export async function editProduct(
  db: D1Database,
  id: number,
  form: Record<ProductFields, string> & { version: number },
  audit: AuditedChange,
): Promise<EditResult<ProductFields>> {
  const repository = catalogAdminRepository(db);
  const current = await repository.itemDetail(id);
  if (!current) return { ok: false, problem: 'not-found', message: CATALOG_EDIT_MSG.notFound };
  const errors: Partial<Record<ProductFields, string>> = {};
  const title = form.title.trim().replace(/\s+/g, ' ');
  if (title.length < 1 || title.length > ITEM_TITLE_MAX) errors.title = CATALOG_EDIT_MSG.title;
  const detailContent = form.detailContent.replace(/\r\n/g, '\n').trim();
  if (detailContent.length > ITEM_CONTENT_MAX) errors.detailContent = CATALOG_EDIT_MSG.content;
  for (const field of ['status', 'usStatus', 'caStatus'] as const)
    if (!isStatus(form[field])) errors[field] = CATALOG_EDIT_MSG.status;
  if (Object.keys(errors).length) return { ok: false, problem: 'invalid', errors };
  const { item } = current;
  const before = { title: item.title, detailContent: item.detailContent, ...statusesOf(item) };
  const after = { title, detailContent, status: form.status, usStatus: form.usStatus, caStatus: form.caStatus };
  const work = unitOfWork(db)
    .guard(VERSION, [repository.itemGuard(id, form.version)], async () => (await versionOf(db, id)) === form.version)
    .add(repository.itemFields(id, after), ...(title === item.title ? [] : repository.searchTitle(id, title)))
    .audit(audit({ before, after }));
  const written = await writeGuarded(work);
  return written ? { ok: true } : { ok: false, problem: 'conflict', message: CATALOG_EDIT_MSG.productConflict };
}

const statusesOf = (item: { status: string; usStatus: string; caStatus: string }) => ({
  status: item.status,
  usStatus: item.usStatus,
  caStatus: item.caStatus,
});

const versionOf = async (db: D1Database, id: number) => (await catalogAdminRepository(db).itemDetail(id))?.item.version;

/** What staff do to a product's images: add one by URL, remove one, or move one up or down. */
export type ImageAction = { add: string } | { remove: number } | { move: number; by: -1 | 1 };

/** The images after the action, or why it cannot be done. */
function imagesAfter(images: AdminImageRow[], action: ImageAction): AdminImageRow[] | string {
  if ('add' in action) {
    const url = action.add.trim();
    if (!IMAGE_URL.test(url)) return CATALOG_EDIT_MSG.imageUrl;
    if (images.some((image) => image.url === url)) return CATALOG_EDIT_MSG.imageTwice;
    if (images.length >= ITEM_IMAGES_MAX) return CATALOG_EDIT_MSG.imagesMax;
    return [...images, { url, mediaType: 'IMAGE', title: null, description: null }];
  }
  if ('remove' in action) return images.filter((_, index) => index !== action.remove);
  const to = action.move + action.by;
  if (to < 0 || to >= images.length || !images[action.move]) return images;
  const moved = [...images];
  [moved[action.move], moved[to]] = [moved[to]!, moved[action.move]!];
  return moved;
}

/** Adds, removes or reorders a product's images (the first is the main one), when its version is the form's. */
export async function editImages(
  db: D1Database,
  id: number,
  action: ImageAction,
  version: number,
  audit: AuditedChange,
): Promise<EditResult<'image'>> {
  const repository = catalogAdminRepository(db);
  const current = await repository.itemDetail(id);
  if (!current) return { ok: false, problem: 'not-found', message: CATALOG_EDIT_MSG.notFound };
  if (current.item.version !== version)
    return { ok: false, problem: 'conflict', message: CATALOG_EDIT_MSG.productConflict };
  const images = imagesAfter(current.images, action);
  if (typeof images === 'string') return { ok: false, problem: 'invalid', errors: { image: images } };
  const urls = (list: AdminImageRow[]) => list.map((image) => image.url);
  const work = unitOfWork(db)
    .guard(VERSION, [repository.itemGuard(id, version)], async () => (await versionOf(db, id)) === version)
    .add(...repository.replaceImages(id, images))
    .audit(audit({ before: { images: urls(current.images) }, after: { images: urls(images) } }));
  const written = await writeGuarded(work);
  return written ? { ok: true } : { ok: false, problem: 'conflict', message: CATALOG_EDIT_MSG.productConflict };
}

/** A SKU form's fields as sent, with the version and stock it was drawn from. */
export type SkuForm = Record<SkuFields, string> & { version: number; shownStock: number };

type SkuValues = Record<Exclude<SkuFields, 'coreUsd' | 'coreCad'>, number> & {
  coreUsd: number | null;
  coreCad: number | null;
};

function readPrice(text: string): number | string {
  const cents = priceCents(text);
  if (cents === null || cents <= 0) return CATALOG_EDIT_MSG.price;
  return cents > PRICE_MAX_CENTS ? CATALOG_EDIT_MSG.priceTooHigh : cents;
}

/** The SKU form read as cents and stock, or its messages. */
function readSkuForm(form: SkuForm): { values: SkuValues } | { errors: Partial<Record<SkuFields, string>> } {
  const errors: Partial<Record<SkuFields, string>> = {};
  const values = {} as SkuValues;
  for (const [price, original] of [
    ['priceUsd', 'originalUsd'],
    ['priceCad', 'originalCad'],
  ] as const) {
    const cents = readPrice(form[price]);
    if (typeof cents === 'string') errors[price] = cents;
    else values[price] = cents;
    const was = form[original].trim() === '' ? values[price] : readPrice(form[original]);
    if (typeof was === 'string') errors[original] = was;
    else if (typeof cents === 'number' && was < cents) errors[original] = CATALOG_EDIT_MSG.original;
    else if (was !== undefined) values[original] = was;
  }
  // A core charge (issue 40) may be empty: the part has no core in that currency.
  for (const core of ['coreUsd', 'coreCad'] as const) {
    const cents = form[core].trim() === '' ? null : readPrice(form[core]);
    if (typeof cents === 'string') errors[core] = cents === CATALOG_EDIT_MSG.price ? CATALOG_EDIT_MSG.core : cents;
    else values[core] = cents;
  }
  const stock = form.stock.trim();
  if (!/^\d{1,7}$/.test(stock) || Number(stock) > STOCK_MAX) errors.stock = CATALOG_EDIT_MSG.stock;
  else values.stock = Number(stock);
  return Object.keys(errors).length ? { errors } : { values };
}

const skuValues = (sku: AdminSkuRow) => ({
  priceUsd: sku.priceUsd,
  originalUsd: sku.originalUsd,
  priceCad: sku.priceCad,
  originalCad: sku.originalCad,
  stock: sku.stock,
  coreUsd: sku.coreUsd,
  coreCad: sku.coreCad,
});

/**
 * Changes a SKU's prices and stock when its version is still the form's; the stock is written
 * only when staff changed it, and only while it is still what the form showed. The product's
 * lowest prices follow in the same batch.
 */
export async function editSku(
  db: D1Database,
  itemId: number,
  skuId: number,
  form: SkuForm,
  audit: AuditedChange,
): Promise<EditResult<SkuFields>> {
  const repository = catalogAdminRepository(db);
  const sku = await repository.sku(skuId);
  if (sku?.itemId !== itemId) return { ok: false, problem: 'not-found', message: CATALOG_EDIT_MSG.skuNotFound };
  const read = readSkuForm(form);
  if ('errors' in read) return { ok: false, problem: 'invalid', errors: read.errors };
  const { values } = read;
  const stockChanged = values.stock !== form.shownStock;
  const after = { ...values, stock: stockChanged ? values.stock : sku.stock };
  const unchangedSince = async () => {
    const now = await repository.sku(skuId);
    return now?.version === form.version && (!stockChanged || now.stock === form.shownStock);
  };
  const work = unitOfWork(db)
    .guard(VERSION, [repository.skuGuard(skuId, form.version)], unchangedSince)
    .add(
      ...(stockChanged ? [repository.skuStock(skuId, form.shownStock, values.stock)] : []),
      repository.skuPrice(skuId, 'USD', values.priceUsd, values.originalUsd, values.coreUsd),
      repository.skuPrice(skuId, 'CAD', values.priceCad, values.originalCad, values.coreCad),
      repository.minPrices([itemId]),
    )
    .audit(audit({ before: { skuCode: sku.skuCode, ...skuValues(sku) }, after: { skuCode: sku.skuCode, ...after } }));
  const written = await writeGuarded(work);
  return written ? { ok: true } : { ok: false, problem: 'conflict', message: CATALOG_EDIT_MSG.skuConflict };
}

/** A SKU's values as the form shows them (dollars and cents). */
export const skuFormValues = (sku: AdminSkuRow): Record<SkuFields, string> => ({
  priceUsd: sku.priceUsd === null ? '' : centsText(sku.priceUsd),
  originalUsd: sku.originalUsd === null ? '' : centsText(sku.originalUsd),
  priceCad: sku.priceCad === null ? '' : centsText(sku.priceCad),
  originalCad: sku.originalCad === null ? '' : centsText(sku.originalCad),
  stock: `${sku.stock}`,
  coreUsd: sku.coreUsd === null ? '' : centsText(sku.coreUsd),
  coreCad: sku.coreCad === null ? '' : centsText(sku.coreCad),
});
