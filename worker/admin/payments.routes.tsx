import { Hono } from 'hono';
import { orderView } from '../orders/service.ts';
import { systemClock } from '../platform/clock.ts';
import {
  buildReconciliation,
  dayOf,
  keptReconciliation,
  openDisputes,
  parseDay,
  reconciliationReports,
} from '../payments/staff.ts';
import { type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { DisputesPage } from './views/DisputesPage.tsx';
import { ReconciliationPage } from './views/ReconciliationPage.tsx';
import { placedAt } from './views/OrdersPage.tsx';

/**
 * The back office's payment pages (issue 38, money that reconciles): the open disputes, each a task
 * with the shop's evidence, for support and owners; the daily reconciliation report, for owners.
 */

const DAY_MS = 86_400_000;

export const adminPayments = new Hono<AdminEnv>()
  .get('/admin/payments/disputes', staffSession, requirePermission('payments.disputes'), async (c) => {
    const disputes = await openDisputes(c.env.DB);
    const withEvidence = await Promise.all(
      disputes.map(async (dispute) => ({
        dispute,
        order: dispute.orderId ? await orderView(c.env.DB, dispute.orderId) : null,
      })),
    );
    return renderAdmin(c, { title: 'Payment disputes', body: <DisputesPage disputes={withEvidence} /> });
  })
  .get('/admin/payments/reconciliation', staffSession, requirePermission('payments.reconcile'), async (c) => {
    const now = systemClock.now();
    const asked = c.req.query('day');
    const day = asked === undefined || asked === '' ? dayOf(now - DAY_MS) : parseDay(asked);
    if (day === null || day > dayOf(now))
      return renderNotice(c, 400, 'Payment reconciliation', 'Enter a day as YYYY-MM-DD, today or earlier.');
    const [kept, stored] = await Promise.all([keptReconciliation(c.env.DB, day), reconciliationReports(c.env.DB)]);
    const report = kept ?? (await buildReconciliation(c.env, {}, day));
    const builtAt = kept ? (stored.find((row) => row.day === day)?.builtAt ?? null) : null;
    const body = (
      <ReconciliationPage
        day={day}
        report={report}
        builtAt={builtAt === null ? null : placedAt(builtAt)}
        kept={stored}
      />
    );
    return renderAdmin(c, { title: 'Payment reconciliation', body });
  });
