import { createApp } from './app.ts';
import type { Bindings, ShopEvent } from './env.ts';
import { consumeEvents, forgetOldAnalytics } from './tracking/service.ts';
import { releaseExpiredHolds } from './flows/cancel-order.ts';
import { remindUnpaidOrders } from './flows/pay-link.ts';
import { expireSandboxPayments } from './payments/service.ts';
import { buildDailyReconciliation } from './payments/staff.ts';
import { cleanUpReturnUploads } from './returns/service.ts';
import { runDailyPoints } from './members/service.ts';
import { catchUpTax, consumeTaxJobs } from './flows/commit-tax.ts';
import type { TaxJob } from './tax/service.ts';
import { log } from './platform/log.ts';

export { RateLimiter } from './platform/rate-limiter.ts';
export { ChatConversation, ChatPresence } from './chat/service.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch<ShopEvent | TaxJob>, env): Promise<void> {
    // Sales tax commits and reversals have their own queue (autohaven-tax…); tracking has the other.
    if (batch.queue.startsWith('autohaven-tax')) await consumeTaxJobs(batch as MessageBatch<TaxJob>, env);
    else await consumeEvents(batch as MessageBatch<ShopEvent>, env);
  },
  /** Every five minutes: stock held for orders that were not paid in time goes back on the shelf. */
  async scheduled(controller, env, ctx): Promise<void> {
    ctx.waitUntil(
      releaseExpiredHolds(env.DB, controller.scheduledTime).then((count) => {
        if (count > 0) log.info('released the stock of unpaid orders', { count });
      }),
    );
    // Sales the tax service has not recorded yet (the queue lost them, or the service was down) are caught up.
    ctx.waitUntil(
      catchUpTax(env, controller.scheduledTime).then((done) => {
        if (done.committed + done.sent > 0) log.info('caught up with the tax service', done);
      }),
    );
    // Unpaid orders whose hold ends soon: their shopper is reminded, with the link to pay (once per order).
    ctx.waitUntil(
      remindUnpaidOrders(env, controller.scheduledTime).then((count) => {
        if (count > 0) log.info('reminded unpaid orders', { count });
      }),
    );
    // Sandbox payments left open past their window expire, so their orders can be paid again or released.
    ctx.waitUntil(expireSandboxPayments(env, controller.scheduledTime));
    // Once a day after 06:00 UTC: the day before's reconciliation of the shop's books against the providers'.
    ctx.waitUntil(
      buildDailyReconciliation(env, {}, controller.scheduledTime).then((day) => {
        if (day) log.info('built the payment reconciliation report', { day });
      }),
    );
    // Return evidence never attached to a return, and multipart uploads left unfinished, are removed.
    ctx.waitUntil(
      cleanUpReturnUploads(env, controller.scheduledTime).then((count) => {
        if (count > 0) log.info('removed abandoned return uploads', { count });
      }),
    );
    // Analytics past the privacy policy's retention (26 months; checkout ids 30 days) are deleted.
    ctx.waitUntil(
      forgetOldAnalytics(env.DB, controller.scheduledTime).then((done) => {
        if (done.events + done.dropped + done.checkouts > 0) log.info('deleted analytics past their retention', done);
      }),
    );
    // Once a day (the first tick that claims the day): points past their expiry go, oldest first, and
    // members whose points expire within 14 days are emailed once per expiry date.
    ctx.waitUntil(
      runDailyPoints(env, { now: () => controller.scheduledTime }).then((done) => {
        if (done) log.info('ran the daily points work', done);
      }),
    );
  },
} satisfies ExportedHandler<Bindings, ShopEvent | TaxJob>;
