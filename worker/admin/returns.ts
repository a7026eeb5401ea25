/**
 * The back office's side of returns (issue 20): what each of the return page's forms asks, read
 * into the returns service's inputs, with the audit entry the decision writes in its own batch.
 */
import { CORE_RETURN_REASON } from '../../shared/core-charges.ts';
import { returnStatus, type ReturnStatus } from '../../shared/return-status.ts';
import type { StaffAction } from '../../shared/staff-permissions.ts';
import type { Bindings } from '../env.ts';
import { approveReturn, askForEvidence, markReturnReceived, rejectReturn } from '../flows/decide-return.ts';
import { refundReturn } from '../flows/refund-return.ts';
import { STAFF_RETURN_MSG, staffReturn, type ReturnActor, type StaffReturnResult } from '../returns/staff.ts';
import { amountCents } from './order-actions.ts';
import { auditOf, mayDo, type StaffMember } from './service.ts';
import { field, lineQuantities, staffFormBase, trimmed } from './form.ts';
import type * as z from 'zod';

/** A return form as read (every field text). */
type Form = Record<string, string | undefined>;

/** The return page's forms, each posted to `/admin/returns/:rma/<form>`. */
export const RETURN_FORMS = ['approve', 'ask-evidence', 'reject', 'received', 'refund'] as const;
export type ReturnForm = (typeof RETURN_FORMS)[number];

/** What a finished action says on the return page it goes back to (`?done=`). */
export const RETURN_DONE: Record<ReturnForm, string> = {
  approve: 'Return approved; the shopper has been emailed how to send the parts back.',
  reject: 'Return rejected; the shopper has been emailed the reason.',
  'ask-evidence': 'The shopper has been emailed to add more evidence.',
  received: 'Parts marked received.',
  refund: 'Refund sent to the payment provider; the shopper has been emailed.',
};

/** A form refused: the service's message at the form, with what was typed to show again. */
export interface ReturnProblem {
  form: ReturnForm;
  message: string;
  /** The field the message is about, when it is about one. */
  field?: string;
  input: Record<string, string>;
}

/** What each of the return page's forms posts (the refund's units per line as `rqty_<line>`). */
export const RETURN_FORM_FIELDS = {
  approve: staffFormBase.extend({ instructions: trimmed(), labelNumber: trimmed(200) }),
  reject: staffFormBase.extend({ reason: trimmed() }),
  'ask-evidence': staffFormBase.extend({ message: trimmed() }),
  received: staffFormBase.extend({ note: trimmed() }),
  refund: staffFormBase.extend({ fee: trimmed(40), restock: trimmed(10) }).catchall(field(20)),
} as const satisfies Record<ReturnForm, z.ZodType>;

const text = (value: string | undefined) => value ?? '';

/** What the form sent, as text, to put back in the form when it is refused (never the session's values). */
export const typedInto = (form: Form): Record<string, string> =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([name, value]) => typeof value === 'string' && name !== '_csrf' && name !== '_key')
      .map(([name, value]) => [name, value as string]),
  );

/** The queue's filter from the query string: anything odd is the open returns' first page. */
export function queueFilter(read: (name: string) => string | undefined) {
  const page = Number.parseInt(read('page') ?? '1', 10);
  return {
    status: (read('status') ?? '').toUpperCase() || undefined,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
    q: (read('q') ?? '').trim().slice(0, 100) || undefined,
  };
}

/** Runs one decision on a return as the staff member, audited with the status the return had before. */
async function decide<R extends StaffReturnResult>(
  env: Bindings,
  staff: StaffMember,
  rma: string,
  change: { action: string; after: unknown },
  run: (actor: ReturnActor, now: number) => Promise<R>,
): Promise<R | StaffReturnResult> {
  const found = await staffReturn(env, rma);
  if (!found) return { ok: false, status: 404, message: STAFF_RETURN_MSG.notFound };
  const audit = auditOf(staff, {
    action: change.action,
    recordType: 'return',
    recordId: rma,
    before: { status: found.status },
    after: change.after,
  });
  return run({ staffId: staff.id, audit }, Date.now());
}

/** Approve, reject, ask for more evidence or mark received, from the return page's form of that name. */
export function decisionFromForm(
  env: Bindings,
  staff: StaffMember,
  rma: string,
  which: Exclude<ReturnForm, 'refund'>,
  form: Form,
) {
  switch (which) {
    case 'approve': {
      const input = { instructions: text(form.instructions), labelNumber: text(form.labelNumber) };
      const change = { action: 'returns.approve', after: input };
      return decide(env, staff, rma, change, (actor, now) => approveReturn(env, rma, input, actor, now));
    }
    case 'reject': {
      const input = { reason: text(form.reason) };
      const change = { action: 'returns.reject', after: input };
      return decide(env, staff, rma, change, (actor, now) => rejectReturn(env, rma, input, actor, now));
    }
    case 'ask-evidence': {
      const input = { message: text(form.message) };
      const change = { action: 'returns.askEvidence', after: input };
      return decide(env, staff, rma, change, (actor, now) => askForEvidence(env, rma, input, actor, now));
    }
    case 'received': {
      const input = { note: text(form.note) };
      const change = { action: 'returns.receive', after: input };
      return decide(env, staff, rma, change, (actor, now) => markReturnReceived(env, rma, input, actor, now));
    }
  }
}

/** Refund the return's units (all, or fewer per line), keeping a restocking fee, putting the parts back or not. */
export async function refundFromForm(
  env: Bindings,
  staff: StaffMember,
  rma: string,
  form: Form,
): Promise<StaffReturnResult> {
  const feeText = text(form.fee);
  const feeCent = feeText === '' ? 0 : amountCents(feeText);
  if (feeCent === null) return { ok: false, status: 400, message: STAFF_RETURN_MSG.fee, field: 'fee' };
  const lines = lineQuantities(form, 'rqty_');
  const input = { key: text(form._key), lines, feeCent, restock: text(form.restock) === 'on' };
  const change = { action: 'returns.refund', after: { lines: input.lines, feeCent, restock: input.restock } };
  return decide(env, staff, rma, change, (actor, now) => refundReturn(env, rma, input, actor, now));
}

/** The statuses each form acts from (the returns service refuses the others with 409). */
const FORM_FROM: Record<ReturnForm, readonly ReturnStatus[]> = {
  approve: returnStatus.from('approve'),
  'ask-evidence': returnStatus.from('askForEvidence'),
  reject: returnStatus.from('reject'),
  received: returnStatus.from('receive'),
  refund: returnStatus.from('refund'),
};

/** The permission each form needs. */
export const FORM_PERMISSION: Record<ReturnForm, StaffAction> = {
  approve: 'returns.decide',
  'ask-evidence': 'returns.decide',
  reject: 'returns.decide',
  received: 'returns.receive',
  refund: 'orders.refund',
};

/**
 * The forms a return's page shows: those its status takes that the staff member's role may use; a core
 * return (issue 40) may also be refused once received, when its condition is looked at.
 */
export const formsFor = (status: ReturnStatus, staff: StaffMember, reason = ''): ReturnForm[] =>
  RETURN_FORMS.filter((which) => {
    const from =
      which === 'reject' && reason === CORE_RETURN_REASON
        ? [...FORM_FROM.reject, ...returnStatus.from('refuseCore')]
        : FORM_FROM[which];
    return from.includes(status) && mayDo(staff, FORM_PERMISSION[which]);
  });
