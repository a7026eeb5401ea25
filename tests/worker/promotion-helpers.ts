import { unitOfWork } from '../../worker/platform/unit-of-work.ts';
import { promotionAdminRepository } from '../../worker/promotions/admin-repository.ts';
import type { NewPromotionRecord } from '../../worker/promotions/records.ts';

/** The shop itself, rather than a staff member, as the author of the promotions a test sets up. */
const SETUP = { staffId: null, staffEmail: 'test-setup@shop.invalid', action: 'promotions.create' };

/**
 * Creates a promotion with the statements the back office's create runs (its row, codes, scope and
 * add-ons under the next free id, with an audit entry, in one batch), so tests set up promotions
 * as production writes them; a taken code fails as the database refuses it. Answers the new id.
 */
export async function insertPromotion(db: D1Database, promotion: NewPromotionRecord): Promise<number> {
  const repository = promotionAdminRepository(db);
  const id = await repository.nextId();
  const { scope: _scope, ...after } = promotion;
  await unitOfWork(db)
    .add(...repository.createStatements(id, promotion, crypto.randomUUID()))
    .audit({ ...SETUP, recordType: 'promotion', recordId: String(id), before: null, after })
    .run();
  return id;
}
