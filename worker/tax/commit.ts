import { EXEMPTION_KIND_LABEL } from '../../shared/tax-exemptions.ts';
import { log } from '../platform/log.ts';
import { exemptionRepository } from './exemption-repository.ts';
import { TaxServiceError, type ChargedTax, type TaxProviderId } from './model.ts';
import { taxServiceNamed, type TaxEnv } from './registry.ts';
import { requestOf, taxRepository, type TaxRecordRow } from './repository.ts';
import { reversalRepository } from './reversal-repository.ts';

/**
 * Recording sales and refunds with the tax service (issue 39). A paid order's sale is committed to
 * the service that taxed it (Stripe creates the transaction from checkout's calculation; AvaTax
 * records a committed SalesInvoice); an order whose tax was estimated while its service was down
 * is committed to that service now, which figures it afresh (the tax it holds the shop liable for
 * is kept beside what was charged). A Canadian reseller's sale, whose PST the shop took off itself,
 * is recorded at what was charged (AvaTax: a TaxAmount override; Stripe: a partial reversal of the
 * PST). Reversals follow their sale. A failure is recorded and thrown:
 * the queue, and the cron after it, try again.
 */

/** Who records an order's sale: its service, or the configured one where the table only estimated it. */
const recorderOf = (record: TaxRecordRow): TaxProviderId => (record.estimated ? record.configured : record.provider);

/** Whether the sale has nobody to tell: no tax collected there, or only the offline table configured. */
const local = (record: TaxRecordRow) => record.collecting === 0 || recorderOf(record) === 'offline';

/**
 * Whether the shop charged less than the service figures: a Canadian certificate exempts the PST,
 * which the shop takes off itself (the services exempt a buyer from every tax or none), so the sale
 * is recorded at what was charged.
 */
const pstExempted = (record: TaxRecordRow) => record.market === 'ca' && record.certificateId !== null;

/** What a PST-exempt sale charged, line by line, and why, for the service's record of it. */
async function chargedOf(db: D1Database, record: TaxRecordRow): Promise<ChargedTax | null> {
  if (!pstExempted(record)) return null;
  const [lines, certificate] = await Promise.all([
    taxRepository(db).lines(record.orderId),
    exemptionRepository(db).byId(record.certificateId!),
  ]);
  const named = certificate
    ? `${EXEMPTION_KIND_LABEL[certificate.kind].toLowerCase()} ${certificate.number}`
    : `certificate ${record.certificateId}`;
  return {
    reason: `PST exempt: ${named}`,
    taxCent: record.taxCent,
    lines: Object.fromEntries(lines.map((line) => [line.ref, line.taxCent])),
  };
}

/** How long a worker holds a sale or reversal it is sending (the service's calls time out well before). */
const LEASE_MS = 2 * 60_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Commits a paid order's sale (paid at `soldAt`). 'committed' once it is; 'done' when it was
 * before or was voided; 'none' for an order without a tax record; 'busy' while another worker
 * holds it (it retries itself if it fails, the cron after it if it dies).
 */
export async function commitSale(
  env: TaxEnv,
  orderId: string,
  soldAt: number,
  now: number,
): Promise<'committed' | 'done' | 'none' | 'busy'> {
  const taxes = taxRepository(env.DB);
  const record = await taxes.record(orderId);
  if (!record) return 'none';
  if (record.status !== 'PENDING') return 'done';
  // Another worker is committing it (the queue and the cron, or a redelivered message): it sees it through.
  if (!(await taxes.claim(orderId, now, LEASE_MS))) return 'busy';
  await taxes.markSold(orderId, soldAt);
  if (local(record)) {
    const sale = { transactionRef: null, taxCent: record.taxCent, lineRefs: {} };
    await taxes.markCommitted(orderId, sale, now);
    return 'committed';
  }
  try {
    const sale = await taxServiceNamed(env, recorderOf(record)).commit({
      orderId,
      request: requestOf(record),
      calculationRef: record.estimated ? null : record.calculationRef,
      charged: await chargedOf(env.DB, record),
    });
    await taxes.markCommitted(orderId, sale, now);
    return 'committed';
  } catch (error) {
    await taxes.markCommitFailed(orderId, messageOf(error));
    log.warn('tax commit failed; it is tried again', { orderId, reason: messageOf(error) });
    throw error instanceof TaxServiceError ? error : new TaxServiceError(recorderOf(record), 0, messageOf(error));
  }
}

/**
 * Sends a recorded reversal to the service. 'sent' once it is (or there was nobody to tell);
 * 'waiting' while its sale is not committed yet; 'done' when it was sent or voided before; 'busy'
 * while another worker is sending it.
 */
export async function sendReversal(
  env: TaxEnv,
  reversalId: number,
  now: number,
): Promise<'sent' | 'waiting' | 'done' | 'busy'> {
  const reversals = reversalRepository(env.DB);
  const reversal = await reversals.byId(reversalId);
  if (!reversal || reversal.sentAt !== null || reversal.status === 'VOIDED') return 'done';
  const taxes = taxRepository(env.DB);
  const record = await taxes.record(reversal.orderId);
  if (record?.status === 'PENDING') return 'waiting';
  if (!record || record.status === 'VOIDED' || record.transactionRef === null) {
    await reversals.markSent(reversalId, null, now);
    return 'sent';
  }
  if (!(await reversals.claim(reversalId, now, LEASE_MS))) return 'busy';
  const [lines, refs] = await Promise.all([reversals.linesOf(reversalId), taxes.lines(reversal.orderId)]);
  try {
    const sent = await taxServiceNamed(env, recorderOf(record)).reverse({
      orderId: reversal.orderId,
      reference: reversal.reference,
      transactionRef: record.transactionRef,
      sale: requestOf(record),
      full: reversal.full === 1,
      chargedOnly: pstExempted(record),
      lines: lines.map((line) => {
        const charged = refs.find((candidate) => candidate.lineNo === line.lineNo);
        return {
          ref: charged?.ref ?? `L${line.lineNo}`,
          providerLineRef: charged?.providerLineRef ?? null,
          quantity: Math.max(1, line.quantity),
          amountCent: line.amountCent,
          taxCent: line.taxCent,
        };
      }),
      date: now,
    });
    await reversals.markSent(reversalId, sent.transactionRef, now);
    return 'sent';
  } catch (error) {
    await reversals.markFailed(reversalId, messageOf(error));
    log.warn('tax reversal failed; it is tried again', { reversalId, reason: messageOf(error) });
    throw error;
  }
}

/** The reversal a refund or cancellation recorded, by its reference. */
export async function reversalByReference(db: D1Database, reference: string) {
  return reversalRepository(db).byReference(reference);
}

/** An unpaid order's sale is looked at again by the cron after a while (it may never be paid). */
export async function postponeSale(db: D1Database, orderId: string, now: number): Promise<void> {
  await taxRepository(db).lookAgainAt(orderId, now + UNPAID_LOOK_AGAIN_MS);
}

const UNPAID_LOOK_AGAIN_MS = 15 * 60_000;

/** Sales and reversals still owed to the service, recorded before `before` (the cron's catch-up). */
export async function pendingTaxWork(db: D1Database, before: number, now: number, limit = 25) {
  const [sales, reversals] = await Promise.all([
    taxRepository(db).pending(before, now, limit),
    reversalRepository(db).unsent(before, limit),
  ]);
  return { sales, reversals };
}
