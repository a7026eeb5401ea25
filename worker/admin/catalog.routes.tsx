import { Hono } from 'hono';
import {
  CATALOG_EDIT_MSG,
  catalogList,
  editImages,
  editProduct,
  editSku,
  type ImageAction,
  type ProductFields,
  productForEdit,
  type SkuFields,
} from '../catalog/service.ts';
import { adminCatalogImport } from './catalog-import.routes.tsx';
import { uploadProductPhoto } from './catalog-photos.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { auditedBy, mayDo } from './service.ts';
import { CatalogListPage } from './views/CatalogListPage.tsx';
import { CatalogProductPage, type ProductPageState } from './views/CatalogProductPage.tsx';

const PRODUCT = '/admin/catalog/:id{[0-9]{1,9}}';
const edit = [staffSession, requirePermission('catalog.edit')] as const;
const editPrices = [staffSession, requirePermission('catalog.editPrices')] as const;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const whole = (value: unknown) => (/^\d{1,9}$/.test(text(value)) ? Number(value) : -1);
const PRODUCT_FIELDS: ProductFields[] = ['title', 'detailContent', 'status', 'usStatus', 'caStatus'];
const SKU_FIELDS: SkuFields[] = ['priceUsd', 'originalUsd', 'priceCad', 'originalCad', 'stock'];

/** The notice a finished change leaves on the product's page (the redirect's `done`). */
const DONE_NOTICE: Record<string, string> = {
  product: 'Product saved. The shop shows it now.',
  images: 'Images saved.',
  sku: 'SKU saved. The shop shows the new price and stock now.',
};

const productId = (c: AdminContext) => Number(c.req.param('id'));

/** The audit entry of one change, written in the change's batch. */
const audited = (c: AdminContext, action: string, recordType: string, id: number) =>
  auditedBy(c.var.staff, { action, recordType, recordId: String(id) });

/** The product's page as stored now, with what the last request left to show. */
async function productPage(c: AdminContext, id: number, state: ProductPageState, status = 200) {
  const product = await productForEdit(c.env.DB, id);
  if (!product) return renderNotice(c, 404, 'Not found', CATALOG_EDIT_MSG.notFound);
  const mayEditPrices = mayDo(c.var.staff, 'catalog.editPrices');
  const body = <CatalogProductPage product={product} csrf={c.var.csrf} mayEditPrices={mayEditPrices} state={state} />;
  return renderAdmin(c, { title: product.item.title, status, body });
}

const done = (c: AdminContext, id: number, what: keyof typeof DONE_NOTICE) =>
  c.redirect(`/admin/catalog/${id}?done=${what}`, 303);

/** The image action a form sent. */
function imageAction(form: Record<string, unknown>): ImageAction | null {
  const index = whole(form.index);
  const action = text(form.action);
  if (action === 'add') return { add: text(form.url) };
  if (index < 0) return null;
  if (action === 'remove') return { remove: index };
  if (action === 'up' || action === 'down') return { move: index, by: action === 'up' ? -1 : 1 };
  return null;
}

/** The catalog editor (issue 22): the product list, a product's fields, images and statuses, and each SKU. */
const adminCatalogEditor = new Hono<AdminEnv>()
  .get('/admin/catalog', ...edit, async (c) => {
    const found = await catalogList(c.env.DB, c.req.query());
    const body = <CatalogListPage found={found} mayEditPrices={mayDo(c.var.staff, 'catalog.editPrices')} />;
    return renderAdmin(c, { title: 'Catalog', body });
  })
  .get(PRODUCT, ...edit, (c) =>
    productPage(c, productId(c), { notice: DONE_NOTICE[c.req.query('done') ?? ''] ?? null }),
  )
  .post(PRODUCT, ...edit, async (c) => {
    const id = productId(c);
    const body = await c.req.parseBody();
    const form = Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, text(body[field])])) as Record<
      ProductFields,
      string
    >;
    const result = await editProduct(
      c.env.DB,
      id,
      { ...form, version: whole(body.version) },
      audited(c, 'catalog.editProduct', 'item', id),
    );
    if (result.ok) return done(c, id, 'product');
    if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', result.message);
    if (result.problem === 'conflict') return productPage(c, id, { problem: result.message }, 409);
    return productPage(c, id, { productForm: form, productErrors: result.errors }, 400);
  })
  .post(`${PRODUCT}/images`, ...edit, async (c) => {
    const id = productId(c);
    const body = await c.req.parseBody();
    const action = imageAction(body);
    if (!action) return productPage(c, id, { problem: 'Choose what to do with the image.' }, 400);
    const audit = audited(c, 'catalog.editImages', 'item', id);
    const result = await editImages(c.env.DB, id, action, whole(body.version), audit);
    if (result.ok) return done(c, id, 'images');
    if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', result.message);
    if (result.problem === 'conflict') return productPage(c, id, { problem: result.message }, 409);
    return productPage(c, id, { imageError: result.errors.image, imageUrl: text(body.url) }, 400);
  })
  .post(`${PRODUCT}/photos`, ...edit, async (c) => {
    const id = productId(c);
    const body = await c.req.parseBody();
    const audit = audited(c, 'catalog.uploadPhoto', 'item', id);
    const deps = { db: c.env.DB, media: c.env.MEDIA };
    const result = await uploadProductPhoto(deps, id, body.photo, whole(body.version), audit);
    if (result.ok) return done(c, id, 'images');
    if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', result.message);
    if (result.problem === 'conflict') return productPage(c, id, { problem: result.message }, 409);
    return productPage(c, id, { imageError: result.errors.image }, 400);
  })
  .post(`${PRODUCT}/skus/:sku{[0-9]{1,9}}`, ...editPrices, async (c) => {
    const id = productId(c);
    const skuId = Number(c.req.param('sku'));
    const body = await c.req.parseBody();
    const values = Object.fromEntries(SKU_FIELDS.map((field) => [field, text(body[field])])) as Record<
      SkuFields,
      string
    >;
    const form = { ...values, version: whole(body.version), shownStock: whole(body.shownStock) };
    const result = await editSku(c.env.DB, id, skuId, form, audited(c, 'catalog.editSku', 'sku', skuId));
    if (result.ok) return done(c, id, 'sku');
    if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', result.message);
    if (result.problem === 'conflict') return productPage(c, id, { problem: result.message }, 409);
    return productPage(c, id, { sku: { id: skuId, values, errors: result.errors } }, 400);
  });

/** The back office's catalog: the editor, and prices and stock by CSV. */
export const adminCatalog = new Hono<AdminEnv>().route('/', adminCatalogEditor).route('/', adminCatalogImport);
