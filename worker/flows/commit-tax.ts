import { log } from '../platform/log.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { orderRecord } from '../orders/service.ts';
import { commitSale, pendingTaxWork, postponeSale, sendReversal, type TaxEnv, type TaxJob } from '../tax/service.ts';
import { voidOrderTaxInto } from '../tax/writers.ts';

/**
 * Recording sales and refunds with the tax service (issue 39), off the shopper's path: placing an
 * order queues its commit, which happens once the order is paid (paying queues it again); a refund
 * or cancellation queues its reversal, sent once its sale is committed. The queue retries while the
 * service is down; every five minutes the cron catches up with anything the queue lost.
 */

/** How long a job waits before the cron treats it as lost. */
const CATCH_UP_AFTER_MS = 2 * 60_000;

/** Queues a tax job; without the queue (or when sending fails) the cron's catch-up does it. */
export async function queueTaxJob(env: Pick<TaxEnv, 'TAX_JOBS'>, job: TaxJob): Promise<void> {
  if (!env.TAX_JOBS) return;
  await env.TAX_JOBS.send(job).catch((error: unknown) =>
    log.warn('tax job not queued; the cron catches up', { ...job, reason: String(error) }),
  );
}

/**
 * Commits the order's sale once it is paid; an order cancelled unpaid voids its tax instead.
 * 'unpaid' leaves it for the payment's own job.
 */
export async function commitOrderTax(env: TaxEnv, orderId: string, now: number) {
  const order = await orderRecord(env.DB, orderId);
  if (!order) return 'none' as const;
  if (order.paidAt === null) {
    if (order.status !== 'CANCELLED') {
      // Paying queues the commit again; until then the cron's catch-up looks elsewhere.
      await postponeSale(env.DB, orderId, now);
      return 'unpaid' as const;
    }
    const work = unitOfWork(env.DB);
    voidOrderTaxInto(work, orderId);
    await work.run();
    return 'voided' as const;
  }
  return commitSale(env, orderId, order.paidAt, now);
}

/**
 * Runs one job: 'retry' when it must wait (a reversal whose sale is not committed yet). Throws on a
 * failure. A job another worker holds is done here: that worker retries it if it fails.
 */
export async function runTaxJob(env: TaxEnv, job: TaxJob, now: number): Promise<'done' | 'retry'> {
  if (job.kind === 'commit') {
    await commitOrderTax(env, job.orderId, now);
    return 'done';
  }
  return (await sendReversal(env, job.reversalId, now)) === 'waiting' ? 'retry' : 'done';
}

/** The queue's consumer: each message on its own, retried later (backing off) when the service failed. */
export async function consumeTaxJobs(batch: MessageBatch<TaxJob>, env: TaxEnv): Promise<void> {
  for (const message of batch.messages) {
    try {
      const outcome = await runTaxJob(env, message.body, Date.now());
      if (outcome === 'retry') message.retry({ delaySeconds: 300 });
      else message.ack();
    } catch {
      message.retry({ delaySeconds: Math.min(3600, 30 * 2 ** Math.max(0, message.attempts - 1)) });
    }
  }
}

/** The cron's catch-up: sales and reversals the queue has not done after a couple of minutes. */
export async function catchUpTax(env: TaxEnv, now: number): Promise<{ committed: number; sent: number }> {
  const { sales, reversals } = await pendingTaxWork(env.DB, now - CATCH_UP_AFTER_MS, now);
  let committed = 0;
  let sent = 0;
  for (const orderId of sales) {
    const outcome = await commitOrderTax(env, orderId, now).catch(() => 'failed' as const);
    if (outcome === 'committed') committed++;
  }
  for (const reversalId of reversals) {
    const outcome = await sendReversal(env, reversalId, now).catch(() => 'failed' as const);
    if (outcome === 'sent') sent++;
  }
  return { committed, sent };
}
