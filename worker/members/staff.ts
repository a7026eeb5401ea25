import type { AuditEntry } from '../platform/audit.ts';
import { pointsRepository } from './repository.ts';

/** Members' staff door (issue 19, the back office's customer page): points adjusted by staff, audited. */

/** A staff adjustment of a member's points: what it came to. */
export type PointsAdjustment =
  | { outcome: 'adjusted'; balance: number }
  | { outcome: 'repeated'; balance: number }
  | { outcome: 'belowZero'; balance: number };

/**
 * Adds (or, negative, takes) points with staff's reason, with its audit entry in the same batch.
 * Applied once per idempotency key ('repeated' after that); never takes the balance below zero
 * ('belowZero', nothing written), even with two adjustments at once.
 */
export async function adjustPoints(
  db: D1Database,
  adjustment: { accountId: number; delta: number; note: string; key: string; now: number },
  audit: AuditEntry,
): Promise<PointsAdjustment> {
  const ledger = pointsRepository(db);
  const settled = async (): Promise<PointsAdjustment | null> => {
    const balance = await ledger.balance(adjustment.accountId);
    if (await ledger.adjustmentKeyUsed(adjustment.accountId, adjustment.key)) return { outcome: 'repeated', balance };
    if (adjustment.delta < 0 && balance + adjustment.delta < 0) return { outcome: 'belowZero', balance };
    return null;
  };
  try {
    // No check before: the batch's own guards decide, so two requests at once are judged in turn.
    await ledger.adjust(adjustment, audit);
  } catch (error) {
    // A guard failed the batch: read why, never parse the database's error message.
    const refused = await settled();
    if (refused) return refused;
    throw error;
  }
  return { outcome: 'adjusted', balance: await ledger.balance(adjustment.accountId) };
}
