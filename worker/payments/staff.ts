/**
 * Payments' door for the back office (issue 38, money that reconciles): what each provider holds of
 * an order, the disputes staff must answer, and the daily reconciliation reports (the cron builds them).
 */
export type { DisputeRecord, ReconciliationReport } from './reconciliation.ts';
export {
  buildDailyReconciliation,
  buildReconciliation,
  dayOf,
  keptReconciliation,
  openDisputes,
  parseDay,
  providerMoneyOfOrder,
  reconciliationReports,
} from './reconciliation.ts';
