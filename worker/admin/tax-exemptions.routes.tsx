import { Hono } from 'hono';
import { EXEMPTION_MSG, earliestExemptionDay, exemptionRegions } from '../../shared/tax-exemptions.ts';
import { approveExemption, rejectExemption } from '../flows/decide-exemption.ts';
import {
  certificateFile,
  certificateFileResponse,
  certificateForStaff,
  certificateQueue,
  type DecisionResult,
} from '../tax/staff.ts';
import { field, staffForm, staffFormBase, texts } from './form.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { auditedBy } from './service.ts';
import { type ExemptionProblem, TaxExemptionPage } from './views/TaxExemptionPage.tsx';
import { TaxExemptionsPage } from './views/TaxExemptionsPage.tsx';

const CERTIFICATE = '/admin/tax-exemptions/:id{[0-9]{1,9}}';
const PERMISSION = 'customers.taxExemptions' as const;
const guarded = [staffSession, requirePermission(PERMISSION)] as const;
const idOf = (c: AdminContext) => Number(c.req.param('id'));

const approveForm = staffFormBase.extend({ regions: texts(20).optional(), expiresOn: field(40) });
const rejectForm = staffFormBase.extend({ reason: field() });

/** What a decision's notice says once it is saved (`?done=`). */
const DONE = { approve: EXEMPTION_MSG.approved, reject: EXEMPTION_MSG.rejected } as const;

/** One certificate's page, with the notice of a decision just made or a decision's refusal at its form. */
async function certificatePage(c: AdminContext, refused?: { problem: ExemptionProblem; status: number }) {
  const certificate = await certificateForStaff(c.env.DB, idOf(c));
  if (!certificate) return renderNotice(c, 404, 'Not found', EXEMPTION_MSG.notFound);
  const done = c.req.query('done') as keyof typeof DONE | undefined;
  const body = (
    <TaxExemptionPage
      certificate={certificate}
      csrf={c.var.csrf}
      today={earliestExemptionDay(
        exemptionRegions(certificate.market).map((region) => region.key),
        Date.now(),
      )}
      notice={refused || !done ? undefined : DONE[done]}
      problem={refused?.problem}
    />
  );
  const title = `Certificate ${certificate.number}`;
  return renderAdmin(c, { title, status: refused?.status, body });
}

/** After a decision: back to the certificate with its notice, or the page again with the refusal. */
function answer(
  c: AdminContext,
  form: ExemptionProblem['form'],
  input: ExemptionProblem['input'],
  result: DecisionResult,
) {
  if (result.ok) return c.redirect(`/admin/tax-exemptions/${idOf(c)}?done=${form}`, 303);
  if (result.status === 404) return renderNotice(c, 404, 'Not found', result.message);
  const problem = { form, message: result.message, field: result.field, input };
  return certificatePage(c, { problem, status: result.status });
}

/** The audit entry of a decision on this certificate. */
const audited = (c: AdminContext, action: string) =>
  auditedBy(c.var.staff, { action, recordType: 'tax_exemption', recordId: String(idOf(c)) });

/**
 * Members' tax exemption certificates in the back office (issue 39 item 3): the review queue, one
 * certificate with its file, and the decisions (approve with regions and expiry, reject with a
 * reason), each audited in its own batch and emailed to the member by the flow (flows/decide-exemption.ts).
 * Staff who look after customers review them; owners always.
 */
export const adminTaxExemptions = new Hono<AdminEnv>()
  .get('/admin/tax-exemptions', ...guarded, async (c) => {
    const queue = await certificateQueue(c.env.DB, c.req.query('status'), Number(c.req.query('page') ?? 1));
    return renderAdmin(c, { title: 'Tax exemption certificates', body: <TaxExemptionsPage queue={queue} /> });
  })
  .get(CERTIFICATE, ...guarded, (c) => certificatePage(c))
  .get(`${CERTIFICATE}/file`, ...guarded, async (c) => {
    const found = await certificateFile(c.env, idOf(c), null);
    if (!found) return renderNotice(c, 404, 'Not found', EXEMPTION_MSG.notFound);
    return certificateFileResponse(found, idOf(c));
  })
  .post(`${CERTIFICATE}/approve`, ...guarded, ...staffForm(approveForm), async (c) => {
    const form = c.req.valid('form');
    const regions = form.regions === undefined ? [] : ([] as string[]).concat(form.regions);
    const input = { regions, expiresOn: form.expiresOn, reason: '' };
    const actor = { staffId: c.var.staff.id, audit: audited(c, 'taxExemptions.approve') };
    return answer(c, 'approve', input, await approveExemption(c.env, idOf(c), input, actor, Date.now()));
  })
  .post(`${CERTIFICATE}/reject`, ...guarded, ...staffForm(rejectForm), async (c) => {
    const form = c.req.valid('form');
    const input = { regions: [], expiresOn: '', reason: form.reason };
    const actor = { staffId: c.var.staff.id, audit: audited(c, 'taxExemptions.reject') };
    return answer(c, 'reject', input, await rejectExemption(c.env, idOf(c), form.reason, actor, Date.now()));
  });
