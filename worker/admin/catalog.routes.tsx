import { Hono } from 'hono';
import {
  CATALOG_EDIT_MSG,
  catalogList,
  editImages,
  editProduct,
  editSku,
  type ImageAction,
  ITEM_CONTENT_MAX,
  type ProductFields,
  productForEdit,
  type SkuFields,
  editRegulated,
  regulatedForEdit,
} from '../catalog/staff.ts';
import { REGULATED_FIELDS } from '../../shared/regulated-fields.ts';
import { adminCatalogImport } from './catalog-import.routes.tsx';
import { uploadProductPhoto } from './catalog-photos.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { auditedBy, mayDo } from './service.ts';
import { CatalogListPage } from './views/CatalogListPage.tsx';
import { CatalogProductPage, type ProductPageState } from './views/CatalogProductPage.tsx';
import { field, file, ownFields, staffForm, staffFormBase, textFields } from './form.ts';
import type * as z from 'zod';

const PRODUCT = '/admin/catalog/:id{[0-9]{1,9}}';
const edit = [staffSession, requirePermission('catalog.edit')] as const;
const editPrices = [staffSession, requirePermission('catalog.editPrices')] as const;
const whole = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : -1);
const PRODUCT_FIELDS = ['title', 'status', 'usStatus', 'caStatus'] as const satisfies ProductFields[];
const SKU_FIELDS = [
  'priceUsd',
  'originalUsd',
  'priceCad',
  'originalCad',
  'stock',
  'coreUsd',
  'coreCad',
] as const satisfies SkuFields[];

/** The catalog editor's forms; each carries the version of the product it was drawn from. */
const versioned = staffFormBase.extend({ version: field(20) });
const productForm = versioned.extend({ ...textFields(PRODUCT_FIELDS), detailContent: field(2 * ITEM_CONTENT_MAX) });
const imageForm = versioned.extend({ action: field(20), index: field(20), url: field(2000) });
const photoForm = versioned.extend({ photo: file });
const skuForm = versioned.extend({ ...textFields(SKU_FIELDS), shownStock: field(20) });
const regulatedForm = versioned.extend(textFields(REGULATED_FIELDS));

/** The notice a finished change leaves on the product's page (the redirect's `done`). */
const DONE_NOTICE: Record<string, string> = {
  product: 'Product saved. The shop shows it now.',
  images: 'Images saved.',
  sku: 'SKU saved. The shop shows the new price and stock now.',
  regulated: 'Regulated fields saved. Cart, checkout and shipping follow them now.',
};

const productId = (c: AdminContext) => Number(c.req.param('id'));

/** The audit entry of one change, written in the change's batch. */
const audited = (c: AdminContext, action: string, recordType: string, id: number) =>
  auditedBy(c.var.staff, { action, recordType, recordId: String(id) });

/** The product's page as stored now, with what the last request left to show. */
async function productPage(c: AdminContext, id: number, state: ProductPageState, status = 200) {
  const [product, regulated] = await Promise.all([productForEdit(c.env.DB, id), regulatedForEdit(c.env.DB, id)]);
  if (!product || !regulated) return renderNotice(c, 404, 'Not found', CATALOG_EDIT_MSG.notFound);
  const mayEditPrices = mayDo(c.var.staff, 'catalog.editPrices');
  const body = (
    <CatalogProductPage
      product={product}
      regulated={regulated}
      csrf={c.var.csrf}
      mayEditPrices={mayEditPrices}
      state={state}
    />
  );
  return renderAdmin(c, { title: product.item.title, status, body });
}

const done = (c: AdminContext, id: number, what: keyof typeof DONE_NOTICE) =>
  c.redirect(`/admin/catalog/${id}?done=${what}`, 303);

/** The image action a form sent. */
function imageAction(form: z.output<typeof imageForm>): ImageAction | null {
  const index = whole(form.index);
  const { action } = form;
  if (action === 'add') return { add: form.url };
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
  .post(PRODUCT, ...edit, ...staffForm(productForm), async (c) => {
    const id = productId(c);
    const { version, ...form } = ownFields(c.req.valid('form'));
    const result = await editProduct(
      c.env.DB,
      id,
      { ...form, version: whole(version) },
      audited(c, 'catalog.editProduct', 'item', id),
    );
    if (result.ok) return done(c, id, 'product');
    if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', result.message);
    if (result.problem === 'conflict') return productPage(c, id, { problem: result.message }, 409);
    return productPage(c, id, { productForm: form, productErrors: result.errors }, 400);
  })
  .post(`${PRODUCT}/images`, ...edit, ...staffForm(imageForm), async (c) => {
    const id = productId(c);
    const body = c.req.valid('form');
    const action = imageAction(body);
    if (!action) return productPage(c, id, { problem: 'Choose what to do with the image.' }, 400);
    const audit = audited(c, 'catalog.editImages', 'item', id);
    const result = await editImages(c.env.DB, id, action, whole(body.version), audit);
    if (result.ok) return done(c, id, 'images');
    if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', result.message);
    if (result.problem === 'conflict') return productPage(c, id, { problem: result.message }, 409);
    return productPage(c, id, { imageError: result.errors.image, imageUrl: body.url }, 400);
  })
  .post(`${PRODUCT}/photos`, ...edit, ...staffForm(photoForm), async (c) => {
    const id = productId(c);
    const body = c.req.valid('form');
    const audit = audited(c, 'catalog.uploadPhoto', 'item', id);
    const deps = { db: c.env.DB, media: c.env.MEDIA };
    const result = await uploadProductPhoto(deps, id, body.photo, whole(body.version), audit);
    if (result.ok) return done(c, id, 'images');
    if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', result.message);
    if (result.problem === 'conflict') return productPage(c, id, { problem: result.message }, 409);
    return productPage(c, id, { imageError: result.errors.image }, 400);
  })
  .post(`${PRODUCT}/regulated`, ...edit, ...staffForm(regulatedForm), async (c) => {
    const id = productId(c);
    const { version, ...form } = ownFields(c.req.valid('form'));
    const audit = audited(c, 'catalog.editRegulated', 'item', id);
    const result = await editRegulated(c.env.DB, id, { ...form, version: whole(version) }, audit);
    if (result.ok) return done(c, id, 'regulated');
    if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', result.message);
    if (result.problem === 'conflict') return productPage(c, id, { problem: result.message }, 409);
    return productPage(c, id, { regulated: { values: form, errors: result.errors } }, 400);
  })
  .post(`${PRODUCT}/skus/:sku{[0-9]{1,9}}`, ...editPrices, ...staffForm(skuForm), async (c) => {
    const id = productId(c);
    const skuId = Number(c.req.param('sku'));
    const { version, shownStock, ...values } = ownFields(c.req.valid('form'));
    const form = { ...values, version: whole(version), shownStock: whole(shownStock) };
    const result = await editSku(c.env.DB, id, skuId, form, audited(c, 'catalog.editSku', 'sku', skuId));
    if (result.ok) return done(c, id, 'sku');
    if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', result.message);
    if (result.problem === 'conflict') return productPage(c, id, { problem: result.message }, 409);
    return productPage(c, id, { sku: { id: skuId, values, errors: result.errors } }, 400);
  });

/** The back office's catalog: the editor, and prices and stock by CSV. */
export const adminCatalog = new Hono<AdminEnv>().route('/', adminCatalogEditor).route('/', adminCatalogImport);
