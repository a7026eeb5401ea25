import { RETURN_MSG, returnPagePath } from '../../shared/returns.ts';
import { RETURN_STATUS_LABEL, returnStatus, type ReturnStatus } from '../../shared/return-status.ts';
import type { Bindings } from '../env.ts';
import { mailerFor, type EmailMessage } from '../platform/email.ts';
import { log } from '../platform/log.ts';
import {
  REFUND_MSG,
  orderAccountOf,
  orderEventStatement,
  orderMailIdentity,
  orderStatusRefreshStatement,
  orderView,
} from '../orders/service.ts';
import { returnRepository, type ReturnRow } from './repository.ts';
import {
  returnApprovedEmail,
  returnEvidenceNeededEmail,
  returnReceivedEmail,
  returnRejectedEmail,
  type DecidedReturn,
} from './staff-email.ts';
import { staffReturnRepository } from './staff-repository.ts';
import type { ApproveInput, ReturnActor, StaffReturnResult } from './staff-types.ts';

/**
 * The shop's decisions on a return (issue 20): approve it with how to send the parts back, reject
 * it, ask for more evidence, mark it received. Each is one guarded batch (the move, its history
 * line with who acted, the audit entry), so two staff deciding at once: one wins, the other is
 * told what happened; then the shopper is emailed, and a mail that fails undoes nothing.
 */

export const STAFF_RETURN_MSG = {
  notFound: RETURN_MSG.notFound,
  decided: (label: string) => `This return was already decided (now ${label}).`,
  notApproved: (label: string) => `Only an approved return can be marked received (this one is ${label}).`,
  notRefundable: (label: string) => `Only an approved or received return can be refunded (this one is ${label}).`,
  howToSend: 'Please enter return shipping instructions or a prepaid label number.',
  instructionsTooLong: 'Return shipping instructions can be at most 500 characters.',
  labelTooLong: 'A label number can be at most 60 characters.',
  reason: 'Please give the reason for rejecting the return (up to 500 characters).',
  missing: 'Please say what evidence is missing (up to 500 characters).',
  note: 'A note can be at most 500 characters.',
  key: 'This form has expired. Please reload the page and try again.',
  nothingChosen: 'Choose at least one unit of the return to refund.',
  notInReturn: 'Only parts of this return can be refunded with it.',
  tooMany: 'A line cannot be refunded more units than the return holds.',
  fee: REFUND_MSG.fee,
  refunding: 'Someone else is refunding this return. Reload the page to see the refund.',
  stillRefunding: 'This refund is still being made. Reload the page in a moment to see it.',
} as const;

export const STAFF_RETURN_LIMITS = { noteMaxLength: 500, labelMaxLength: 60 } as const;

type Refused = Extract<StaffReturnResult, { ok: false }>;

export const refused = (status: 400 | 404 | 409, message: string, field?: string): Refused =>
  field === undefined ? { ok: false, status, message } : { ok: false, status, message, field };

export const notFound = (): Refused => refused(404, STAFF_RETURN_MSG.notFound);

/** Form text, trimmed; anything that is not text is empty. */
export const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const label = (status: ReturnStatus) => RETURN_STATUS_LABEL[status];

/** The return by its RMA number (a malformed number is no return). */
export async function returnOfRma(db: D1Database, rma: string): Promise<ReturnRow | null> {
  return typeof rma === 'string' && rma.length <= 60 ? returnRepository(db).returnByRma(rma) : null;
}

/** Emails the shopper about their return, with its page's link on the order market's configured origin. */
export async function tellShopper(env: Bindings, row: ReturnRow, build: (to: DecidedReturn) => EmailMessage) {
  try {
    const [order, accountId] = await Promise.all([orderView(env.DB, row.orderId), orderAccountOf(env.DB, row.orderId)]);
    if (!order) return;
    const { shop, guestToken } = await orderMailIdentity(env, {
      orderId: row.orderId,
      market: order.market,
      accountId,
    });
    const url = `${shop.origin}${returnPagePath(row.rma, guestToken)}`;
    await (await mailerFor(env)).send(
      build({ rma: row.rma, orderId: row.orderId, email: order.email, shopName: shop.name, url }),
    );
  } catch (error) {
    // The decision stands: the shopper still sees it on the return's page.
    log.error('return email not sent', error, { rma: row.rma });
  }
}

interface Decision {
  from: readonly ReturnStatus[];
  to: ReturnStatus;
  note: string | null;
  /** Why the return cannot take this decision in its status. */
  wrongStatus: (label: string) => string;
  email: (to: DecidedReturn) => EmailMessage;
  set?: { instructions: string | null; labelNumber: string | null };
  /** Closing the return: the order's status is set again, it may leave RETURNING. */
  closes?: string;
}

async function decide(env: Bindings, rma: string, decision: Decision, actor: ReturnActor, now: number) {
  const row = await returnOfRma(env.DB, rma);
  if (!row) return notFound();
  if (!decision.from.includes(row.status)) return refused(409, decision.wrongStatus(label(row.status)));
  const staff = staffReturnRepository(env.DB);
  // Guarded on the status read here, not any allowed one: a colleague's decision meanwhile wins.
  const move = { from: [row.status], to: decision.to, note: decision.note, staffId: actor.staffId, now };
  const order = decision.closes
    ? [
        orderStatusRefreshStatement(env.DB, row.orderId, now),
        orderEventStatement(env.DB, row.orderId, decision.closes, now),
      ]
    : [];
  try {
    await staff.run([...staff.decisionStatements(row.id, move, decision.set), actor.audit, ...order]);
  } catch (error) {
    const again = await returnOfRma(env.DB, rma);
    if (again && again.status !== row.status) return refused(409, STAFF_RETURN_MSG.decided(label(again.status)));
    throw error;
  }
  await tellShopper(env, row, decision.email);
  return { ok: true as const };
}

const tooLong = (text: string, max: number = STAFF_RETURN_LIMITS.noteMaxLength) => text.length > max;

/** Approves a return asked for (or sent more evidence) with return shipping instructions and/or a label number. */
export async function approveReturn(
  env: Bindings,
  rma: string,
  input: ApproveInput,
  actor: ReturnActor,
  now: number,
): Promise<StaffReturnResult> {
  const instructions = textOf(input.instructions);
  const labelNumber = textOf(input.labelNumber);
  if (!instructions && !labelNumber) return refused(400, STAFF_RETURN_MSG.howToSend, 'instructions');
  if (tooLong(instructions)) return refused(400, STAFF_RETURN_MSG.instructionsTooLong, 'instructions');
  if (tooLong(labelNumber, STAFF_RETURN_LIMITS.labelMaxLength))
    return refused(400, STAFF_RETURN_MSG.labelTooLong, 'labelNumber');
  const how = { instructions: instructions || null, labelNumber: labelNumber || null };
  const note = [instructions, labelNumber && `Prepaid return label ${labelNumber}`].filter(Boolean).join(' | ');
  return decide(
    env,
    rma,
    {
      from: returnStatus.from('approve'),
      to: 'APPROVED',
      note,
      wrongStatus: STAFF_RETURN_MSG.decided,
      email: (to) => returnApprovedEmail(to, how),
      set: how,
    },
    actor,
    now,
  );
}

/** Rejects a return not yet received, with the reason; its units can be returned again. */
export async function rejectReturn(
  env: Bindings,
  rma: string,
  input: { reason: string },
  actor: ReturnActor,
  now: number,
): Promise<StaffReturnResult> {
  const reason = textOf(input.reason);
  if (!reason || tooLong(reason)) return refused(400, STAFF_RETURN_MSG.reason, 'reason');
  return decide(
    env,
    rma,
    {
      from: returnStatus.from('reject'),
      to: 'REJECTED',
      note: reason,
      wrongStatus: STAFF_RETURN_MSG.decided,
      email: (to) => returnRejectedEmail(to, reason),
      closes: `Return ${rma} rejected`,
    },
    actor,
    now,
  );
}

/** Asks the shopper for more evidence (what is missing); their files send the return back to REQUESTED. */
export async function askForEvidence(
  env: Bindings,
  rma: string,
  input: { message: string },
  actor: ReturnActor,
  now: number,
): Promise<StaffReturnResult> {
  const missing = textOf(input.message);
  if (!missing || tooLong(missing)) return refused(400, STAFF_RETURN_MSG.missing, 'message');
  return decide(
    env,
    rma,
    {
      from: returnStatus.from('askForEvidence'),
      to: 'NEEDS_EVIDENCE',
      note: missing,
      wrongStatus: STAFF_RETURN_MSG.decided,
      email: (to) => returnEvidenceNeededEmail(to, missing),
    },
    actor,
    now,
  );
}

/** Marks the parts of an approved return as arrived at the shop, with an optional note. */
export async function markReturnReceived(
  env: Bindings,
  rma: string,
  input: { note: string },
  actor: ReturnActor,
  now: number,
): Promise<StaffReturnResult> {
  const note = textOf(input.note);
  if (tooLong(note)) return refused(400, STAFF_RETURN_MSG.note, 'note');
  return decide(
    env,
    rma,
    {
      from: returnStatus.from('receive'),
      to: 'RECEIVED',
      note: note || null,
      wrongStatus: STAFF_RETURN_MSG.notApproved,
      email: (to) => returnReceivedEmail(to, note || null),
    },
    actor,
    now,
  );
}
