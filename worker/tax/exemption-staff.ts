import {
  EXEMPTION_LIMITS,
  EXEMPTION_MSG,
  EXEMPTION_STATUS_LABEL,
  EXEMPTION_STATUSES,
  earliestExemptionDay,
  exemptionRegions,
  isoDay,
  type ExemptionStatus,
} from '../../shared/tax-exemptions.ts';
import type { AuditedChange } from '../platform/audit.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import type { ExemptionCertificate, ExemptionDecision } from './exemption-records.ts';
import { exemptionRepository } from './exemption-repository.ts';

/**
 * The staff review of exemption certificates (issue 39 item 3): the queue, one certificate, and the
 * decision: approved with the regions it covers and its expiry, or rejected with a reason. A
 * decision is one unit of work with its audit entry, guarded on the certificate still waiting, so
 * two staff deciding at once: one wins, the other is told who decided first and nothing of theirs
 * is written.
 */

export const EXEMPTION_QUEUE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The queue's tabs: a status, or every certificate. */
export type ExemptionQueueStatus = ExemptionStatus | 'ALL';

export interface ExemptionQueue {
  status: ExemptionQueueStatus;
  counts: Record<ExemptionStatus, number>;
  rows: ExemptionCertificate[];
  page: number;
  pages: number;
}

/** A page of certificates in one status (waiting ones by default), oldest sent first. */
export async function certificateQueue(
  db: D1Database,
  asked: string | undefined,
  page: number,
): Promise<ExemptionQueue> {
  const status: ExemptionQueueStatus =
    asked === 'ALL' || (EXEMPTION_STATUSES as readonly string[]).includes(asked ?? '')
      ? (asked as ExemptionQueueStatus)
      : 'PENDING';
  const at = Math.max(1, Math.min(1000, Math.trunc(page) || 1));
  const found = await exemptionRepository(db).queue(
    status === 'ALL' ? null : status,
    EXEMPTION_QUEUE_SIZE,
    (at - 1) * EXEMPTION_QUEUE_SIZE,
  );
  const counts = { PENDING: 0, APPROVED: 0, REJECTED: 0 };
  for (const row of found.counts) counts[row.status] = row.count;
  const total = status === 'ALL' ? counts.PENDING + counts.APPROVED + counts.REJECTED : counts[status];
  return { status, counts, rows: found.rows, page: at, pages: Math.max(1, Math.ceil(total / EXEMPTION_QUEUE_SIZE)) };
}

/** One certificate for staff. */
export function certificateForStaff(db: D1Database, id: number): Promise<ExemptionCertificate | null> {
  return Number.isSafeInteger(id) && id > 0 ? exemptionRepository(db).byId(id) : Promise.resolve(null);
}

/** What the approve form sent, and the reject form. */
export interface ApproveInput {
  regions: string[];
  expiresOn: string;
}

export type DecisionField = 'regions' | 'expiresOn' | 'reason';

export type DecisionResult =
  | { ok: true; certificate: ExemptionCertificate }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: DecisionField };

/** The staff member deciding: their id, and the audit entry of the change (before and after). */
export interface ExemptionActor {
  staffId: number;
  audit: AuditedChange;
}

/** The approval's regions (the certificate's market's) and expiry (today or later), or why not. */
function readApproval(certificate: ExemptionCertificate, input: ApproveInput, now: number) {
  const offered = new Set(exemptionRegions(certificate.market).map((region) => region.key));
  const regions = [...new Set(input.regions)].sort();
  if (regions.length === 0 || regions.some((region) => !offered.has(region)))
    return { problem: { message: EXEMPTION_MSG.approveRegions, field: 'regions' as const } };
  const day = input.expiresOn.trim();
  const valid = DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && isoDay(Date.parse(day)) === day;
  // Still valid today somewhere it covers (each region's own calendar): it may be approved.
  if (!valid || day < earliestExemptionDay(regions, now))
    return { problem: { message: EXEMPTION_MSG.expiry, field: 'expiresOn' as const } };
  return { decision: { status: 'APPROVED' as const, regions, expiresOn: day } };
}

/** The certificate's state an audit entry keeps before and after a decision. */
const auditState = (certificate: ExemptionCertificate) => ({
  status: certificate.status,
  regions: certificate.regions,
  expiresOn: certificate.expiresOn,
  reason: certificate.reason,
});

async function decide(
  db: D1Database,
  certificate: ExemptionCertificate,
  decision: ExemptionDecision,
  actor: ExemptionActor,
  now: number,
): Promise<DecisionResult> {
  const repository = exemptionRepository(db);
  const after = {
    status: decision.status,
    regions: decision.status === 'APPROVED' ? decision.regions : [],
    expiresOn: decision.status === 'APPROVED' ? decision.expiresOn : null,
    reason: decision.status === 'REJECTED' ? decision.reason : null,
  };
  const work = unitOfWork(db);
  work.guard(
    'certificate decided',
    repository.decisionStatements(certificate.id, decision, actor.staffId, now),
    async () => {
      return (await repository.byId(certificate.id))?.status === 'PENDING';
    },
  );
  work.audit(actor.audit({ before: auditState(certificate), after }));
  if (!(await work.commit()).ok) return decidedMeanwhile(db, certificate.id);
  return { ok: true, certificate: (await repository.byId(certificate.id))! };
}

/** Who decided first, in the words the losing staff member reads. */
async function decidedMeanwhile(db: D1Database, id: number): Promise<DecisionResult> {
  const now = await exemptionRepository(db).byId(id);
  const status = EXEMPTION_STATUS_LABEL[now?.status ?? 'PENDING'];
  return { ok: false, status: 409, message: EXEMPTION_MSG.decided(status, now?.decidedBy ?? 'a colleague') };
}

/** Reads the certificate for a decision: it exists and is still waiting. */
async function pendingCertificate(db: D1Database, id: number) {
  const certificate = await certificateForStaff(db, id);
  if (!certificate) return { refused: { ok: false, status: 404, message: EXEMPTION_MSG.notFound } as const };
  if (certificate.status !== 'PENDING') return { refused: await decidedMeanwhile(db, id) };
  return { certificate };
}

/** Approves a waiting certificate for the regions it covers until its expiry. */
export async function approveCertificate(
  db: D1Database,
  id: number,
  input: ApproveInput,
  actor: ExemptionActor,
  now: number,
): Promise<DecisionResult> {
  const found = await pendingCertificate(db, id);
  if (found.refused) return found.refused;
  const read = readApproval(found.certificate, input, now);
  if (read.problem) return { ok: false, status: 400, ...read.problem };
  return decide(db, found.certificate, read.decision, actor, now);
}

/** Rejects a waiting certificate with the reason its member reads. */
export async function rejectCertificate(
  db: D1Database,
  id: number,
  reason: string,
  actor: ExemptionActor,
  now: number,
): Promise<DecisionResult> {
  const found = await pendingCertificate(db, id);
  if (found.refused) return found.refused;
  const text = reason.trim();
  if (text === '' || text.length > EXEMPTION_LIMITS.reasonMaxLength)
    return { ok: false, status: 400, message: EXEMPTION_MSG.reason, field: 'reason' };
  return decide(db, found.certificate, { status: 'REJECTED', reason: text }, actor, now);
}
