import { CORE_RETURN_REASON } from '../../shared/core-charges.ts';
import { RETURN_STATUS_LABEL, returnStatus, type ReturnStatus } from '../../shared/return-status.ts';
import type { Bindings } from '../env.ts';
import type { EmailMessage } from '../platform/email.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { orderNoteInto, refreshStatusInto } from '../orders/writers.ts';
import {
  STAFF_RETURN_LIMITS,
  STAFF_RETURN_MSG,
  notFound,
  refused,
  returnApprovedEmail,
  returnEvidenceNeededEmail,
  returnOfRma,
  returnReceivedEmail,
  returnRejectedEmail,
  tellShopperAboutReturn,
  textOf,
  type ApproveInput,
  type DecidedReturn,
  type ReturnActor,
  type ReturnRecord,
  type StaffReturnResult,
} from '../returns/staff.ts';
import { returnDecisionInto } from '../returns/writers.ts';

/**
 * The shop's decisions on a return (issue 20): approve it with how to send the parts back, reject
 * it, ask for more evidence, mark it received. Each is one unit of work (the move, its history line
 * with who acted, the audit entry, and for a rejection the order's status set again), so two staff
 * deciding at once: one wins, the other is told what happened; then the shopper is emailed, and a
 * mail that fails undoes nothing.
 */

const label = (status: ReturnStatus) => RETURN_STATUS_LABEL[status];

interface Decision {
  from: readonly ReturnStatus[];
  /** Statuses this return may also take the decision from, by what it is (a core return). */
  alsoFrom?: (row: ReturnRecord) => readonly ReturnStatus[];
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
  const from = [...decision.from, ...(decision.alsoFrom?.(row) ?? [])];
  if (!from.includes(row.status)) return refused(409, decision.wrongStatus(label(row.status)));
  // Guarded on the status read here, not any allowed one: a colleague's decision meanwhile wins.
  const move = { from: [row.status], to: decision.to, note: decision.note, staffId: actor.staffId, now };
  const work = unitOfWork(env.DB);
  returnDecisionInto(
    work,
    row.id,
    move,
    decision.set,
    async () => (await returnOfRma(env.DB, rma))?.status === row.status,
  );
  work.audit(actor.audit);
  if (decision.closes) {
    refreshStatusInto(work, row.orderId, now);
    orderNoteInto(work, row.orderId, decision.closes, now);
  }
  if (!(await work.commit()).ok) {
    const again = await returnOfRma(env.DB, rma);
    return refused(409, STAFF_RETURN_MSG.decided(label(again?.status ?? row.status)));
  }
  await tellShopperAboutReturn(env, row, decision.email);
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

/** Rejects a return not yet received (a core also once received), with the reason; its units can be returned again. */
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
      // A core may still be refused once it arrived and was looked at: its condition decides the deposit.
      alsoFrom: (row) => (row.reason === CORE_RETURN_REASON ? returnStatus.from('refuseCore') : []),
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
