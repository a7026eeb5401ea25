import { Hono } from 'hono';
import { evidenceFileResponse } from '../returns/service.ts';
import { returnQueue, staffEvidenceObject, staffReturn, type StaffReturnResult } from '../returns/staff.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import {
  decisionFromForm,
  FORM_PERMISSION,
  formsFor,
  queueFilter,
  refundFromForm,
  RETURN_DONE,
  RETURN_FORM_FIELDS,
  type ReturnForm,
  type ReturnProblem,
  typedInto,
} from './returns.ts';
import { ReturnPage } from './views/ReturnPage.tsx';
import { ReturnsPage } from './views/ReturnsPage.tsx';
import { staffForm } from './form.ts';

const RETURN = '/admin/returns/:rma{[Rr][Mm][Aa]-[0-9A-Za-z-]{6,30}}';
const rmaOf = (c: AdminContext) => (c.req.param('rma') ?? '').toUpperCase();

/** One return's page, with the notice of the action just taken or a form's refusal. */
async function returnPage(c: AdminContext, rma: string, refused?: { problem: ReturnProblem; status: number }) {
  const view = await staffReturn(c.env, rma);
  if (!view) return renderNotice(c, 404, 'Not found', 'There is no return with this number.');
  const done = c.req.query('done') as ReturnForm | undefined;
  const notice = refused || !done ? undefined : RETURN_DONE[done];
  const body = (
    <ReturnPage
      view={view}
      csrf={c.var.csrf}
      forms={formsFor(view.status, c.var.staff, view.reason)}
      notice={notice}
      problem={refused?.problem}
    />
  );
  return renderAdmin(c, { title: `Return ${view.rma}`, status: refused?.status, body });
}

/** After a form: back to the return page with its notice, or the page again with the refusal at the form. */
function answer(c: AdminContext, which: ReturnForm, form: ReturnFormInput, result: StaffReturnResult) {
  const rma = rmaOf(c);
  if (result.ok) return c.redirect(`/admin/returns/${encodeURIComponent(rma)}?done=${which}`, 303);
  if (result.status === 404) return renderNotice(c, 404, 'Not found', result.message);
  const problem = { form: which, message: result.message, field: result.field, input: typedInto(form) };
  return returnPage(c, rma, { problem, status: result.status });
}

type ReturnFormInput = Record<string, string | undefined>;

/** The handler of one of the return page's forms: the form as read, the service's answer. */
async function handle(c: AdminContext, which: ReturnForm, form: ReturnFormInput) {
  const rma = rmaOf(c);
  const result =
    which === 'refund'
      ? await refundFromForm(c.env, c.var.staff, rma, form)
      : await decisionFromForm(c.env, c.var.staff, rma, which, form);
  return answer(c, which, form, result);
}

/** A form's route: a staff session with the CSRF value, and the permission the form needs. */
const guarded = (which: ReturnForm) => [staffSession, requirePermission(FORM_PERMISSION[which])] as const;
const fields = RETURN_FORM_FIELDS;

/** Returns in the back office (issue 20, the staff side): the queue, a return, its evidence, and the decisions. */
export const adminReturns = new Hono<AdminEnv>()
  .get('/admin/returns', staffSession, requirePermission('returns.view'), async (c) => {
    const filter = queueFilter((name) => c.req.query(name));
    const found = await returnQueue(c.env.DB, filter);
    return renderAdmin(c, { title: 'Returns', body: <ReturnsPage found={found} q={filter.q ?? ''} /> });
  })
  .get(
    '/admin/returns/evidence/:uploadId{[0-9A-Za-z-]{1,64}}',
    staffSession,
    requirePermission('returns.view'),
    async (c) => {
      const range = c.req.raw.headers.has('range') ? c.req.raw.headers : undefined;
      const found = await staffEvidenceObject(c.env, c.req.param('uploadId'), range);
      if (!found) return renderNotice(c, 404, 'Not found', 'There is no such evidence file.');
      return evidenceFileResponse(found, range !== undefined, 'private, no-store');
    },
  )
  .get(RETURN, staffSession, requirePermission('returns.view'), (c) => returnPage(c, rmaOf(c)))
  .post(`${RETURN}/approve`, ...guarded('approve'), ...staffForm(fields.approve), (c) =>
    handle(c, 'approve', c.req.valid('form')),
  )
  .post(`${RETURN}/ask-evidence`, ...guarded('ask-evidence'), ...staffForm(fields['ask-evidence']), (c) =>
    handle(c, 'ask-evidence', c.req.valid('form')),
  )
  .post(`${RETURN}/reject`, ...guarded('reject'), ...staffForm(fields.reject), (c) =>
    handle(c, 'reject', c.req.valid('form')),
  )
  .post(`${RETURN}/received`, ...guarded('received'), ...staffForm(fields.received), (c) =>
    handle(c, 'received', c.req.valid('form')),
  )
  .post(`${RETURN}/refund`, ...guarded('refund'), ...staffForm(fields.refund), (c) =>
    handle(c, 'refund', c.req.valid('form')),
  );
