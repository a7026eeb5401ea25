import type { UnitOfWork } from '../platform/unit-of-work.ts';
import { cartRepository } from './repository.ts';

/** The cart's writer for a flow's unit of work (worker/flows/): the lines an order bought leave the cart. */

/** A cart line as an order names it. */
export interface BoughtLine {
  skuId: number;
  itemType: string;
  bundleId: string | null;
}

/** Takes the lines an order bought off the cart (a paid order, or one paid in full when placed). */
export function removeBoughtLinesInto(work: UnitOfWork, cartUuid: string, lines: readonly BoughtLine[]): void {
  const carts = cartRepository(work.db);
  for (const line of lines) work.add(carts.deleteLineStatement(cartUuid, { ...line, bundleId: line.bundleId ?? '' }));
}
