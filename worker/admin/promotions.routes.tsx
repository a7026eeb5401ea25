import { Hono } from 'hono';
import type { MarketId } from '../../shared/markets.ts';
import {
  BASICS_FIELDS,
  type BasicsForm,
  CREATE_FIELDS,
  codeBatchCsv,
  codeBatchSummary,
  type CreateForm,
  generateCodeBatch,
  createPromotion,
  editPromotion,
  previewPromotion,
  type PromotionChange,
  promotionDetail,
  promotionList,
  setPromotionPaused,
} from '../promotions/staff.ts';
import { systemClock } from '../platform/clock.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { queuePage } from './reviews.ts';
import { auditedBy } from './service.ts';
import { PromotionNewPage } from './views/PromotionNewPage.tsx';
import { PromotionPage } from './views/PromotionPage.tsx';
import type { PreviewQuery } from './views/PromotionPreview.tsx';
import { PromotionsPage } from './views/PromotionsPage.tsx';
import { field, ownFields, staffForm, staffFormBase, textFields } from './form.ts';

const PROMOTION = '/admin/promotions/:id{[0-9]{1,9}}';
const manage = [staffSession, requirePermission('promotions.manage')] as const;
/** The create, edit and single-use codes forms, field by field. */
const createForm = staffFormBase.extend(textFields(CREATE_FIELDS));
const basicsForm = staffFormBase.extend(textFields(BASICS_FIELDS));
const codesForm = staffFormBase.extend({ count: field(40), prefix: field(100) });

/** The notice a finished change leaves on the promotion's page (the redirect's `done`). */
const DONE_NOTICE: Record<string, string> = {
  created: 'Promotion created. Check it with a sample cart below.',
  codes: 'Single-use codes made. Download them below.',
  edited: 'Changes saved.',
  paused: 'Paused. No cart gets this promotion until it is resumed.',
  resumed: 'Resumed. Carts get this promotion again within its dates.',
};

const NOT_FOUND = 'There is no promotion with this number.';
const promotionId = (c: AdminContext) => Number(c.req.param('id'));

/** The audit entry of one change to a promotion, written in the change's batch. */
const audited = (c: AdminContext, action: string, id: number) =>
  auditedBy(c.var.staff, { action, recordType: 'promotion', recordId: String(id) });

/** The preview form's query, when the page was asked for a preview. */
function previewQuery(c: AdminContext): PreviewQuery | null {
  if (c.req.query('preview') !== '1') return null;
  const market = c.req.query('market') === 'ca' ? 'ca' : 'us';
  return { market, member: c.req.query('member') === 'on', lines: (c.req.query('lines') ?? '').slice(0, 2000) };
}

/** A change done: back to the promotion's page with a notice; its form again with the messages when invalid. */
function answer(c: AdminContext, id: number, result: PromotionChange, done: string, form?: BasicsForm) {
  if (result.ok) return c.redirect(`/admin/promotions/${id}?done=${done}`, 303);
  if (result.problem === 'not-found') return renderNotice(c, 404, 'Not found', NOT_FOUND);
  const body = <PromotionPage promotion={result.promotion} csrf={c.var.csrf} form={form} errors={result.errors} />;
  return renderAdmin(c, { title: result.promotion.name, status: 400, body });
}

/** Promotions (issue 22): the list, creating one, a promotion's basics to edit, pause / resume, a preview. */
export const adminPromotions = new Hono<AdminEnv>()
  .get('/admin/promotions/new', ...manage, (c) =>
    renderAdmin(c, {
      title: 'New promotion',
      body: <PromotionNewPage csrf={c.var.csrf} formKey={crypto.randomUUID()} />,
    }),
  )
  .post('/admin/promotions/new', ...manage, ...staffForm(createForm), async (c) => {
    const sent = c.req.valid('form');
    const [key, form] = [sent._key, ownFields(sent) satisfies CreateForm];
    const result = await createPromotion(c.env.DB, form, key, (id) => audited(c, 'promotions.create', id));
    if (result.ok) return c.redirect(`/admin/promotions/${result.id}?done=created`, 303);
    const page = <PromotionNewPage csrf={c.var.csrf} formKey={key} values={form} errors={result.errors} />;
    return renderAdmin(c, { title: 'New promotion', status: 400, body: page });
  })
  .get('/admin/promotions', ...manage, async (c) => {
    const view = { status: c.req.query('status'), search: c.req.query('q'), page: queuePage(c.req.query('page')) };
    const found = await promotionList(c.env.DB, view, systemClock.now());
    return renderAdmin(c, { title: 'Promotions', body: <PromotionsPage found={found} /> });
  })
  .get(PROMOTION, ...manage, async (c) => {
    const promotion = await promotionDetail(c.env.DB, promotionId(c), systemClock.now());
    if (!promotion) return renderNotice(c, 404, 'Not found', NOT_FOUND);
    const notice = DONE_NOTICE[c.req.query('done') ?? ''] ?? null;
    const query = previewQuery(c);
    const preview = query
      ? await previewPromotion(
          c.env.DB,
          promotion.id,
          { ...query, market: query.market as MarketId },
          systemClock.now(),
        )
      : null;
    const batches = { summary: await codeBatchSummary(c.env.DB, promotion.id), formKey: crypto.randomUUID() };
    const body = (
      <PromotionPage
        promotion={promotion}
        csrf={c.var.csrf}
        notice={notice}
        preview={{ query, result: preview }}
        batches={batches}
      />
    );
    return renderAdmin(c, { title: promotion.name, body });
  })
  .post(PROMOTION, ...manage, ...staffForm(basicsForm), async (c) => {
    const id = promotionId(c);
    const form = ownFields(c.req.valid('form')) satisfies BasicsForm;
    const result = await editPromotion(c.env.DB, id, form, audited(c, 'promotions.edit', id), systemClock.now());
    return answer(c, id, result, 'edited', form);
  })
  .post(`${PROMOTION}/codes`, ...manage, ...staffForm(codesForm), async (c) => {
    const id = promotionId(c);
    const { _key: key, count, prefix } = c.req.valid('form');
    const form = { count, prefix };
    const result = await generateCodeBatch(c.env.DB, id, form, key, audited(c, 'promotions.codes', id));
    if (result.ok) return c.redirect(`/admin/promotions/${id}?done=codes#batches-heading`, 303);
    const promotion = await promotionDetail(c.env.DB, id, systemClock.now());
    if (result.problem === 'not-found' || !promotion) return renderNotice(c, 404, 'Not found', NOT_FOUND);
    const batches = { summary: await codeBatchSummary(c.env.DB, id), formKey: key, errors: result.errors };
    const page = <PromotionPage promotion={promotion} csrf={c.var.csrf} batches={batches} />;
    return renderAdmin(c, { title: promotion.name, status: 400, body: page });
  })
  .get(`${PROMOTION}/codes.csv`, ...manage, async (c) => {
    const id = promotionId(c);
    if (!(await promotionDetail(c.env.DB, id, systemClock.now()))) return renderNotice(c, 404, 'Not found', NOT_FOUND);
    return c.body(await codeBatchCsv(c.env.DB, id), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="promotion-${id}-codes.csv"`,
      'cache-control': 'no-store',
    });
  })
  .post(`${PROMOTION}/pause`, ...manage, ...staffForm(staffFormBase), async (c) => {
    const id = promotionId(c);
    const result = await setPromotionPaused(c.env.DB, id, true, audited(c, 'promotions.pause', id), systemClock.now());
    return answer(c, id, result, 'paused');
  })
  .post(`${PROMOTION}/resume`, ...manage, ...staffForm(staffFormBase), async (c) => {
    const id = promotionId(c);
    const result = await setPromotionPaused(
      c.env.DB,
      id,
      false,
      audited(c, 'promotions.resume', id),
      systemClock.now(),
    );
    return answer(c, id, result, 'resumed');
  });
