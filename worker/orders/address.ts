import { postalCodeProblem } from '../../shared/validation.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository } from './repository.ts';
import { shippingQuote } from '../shipping/service.ts';
import { shippingClassesOfItems } from '../catalog/service.ts';
import type { Bindings } from '../env.ts';
import { accessibleOrder, type OrderAccess } from './access.ts';

/**
 * Where an order ships: the refusals of a change of address (the change-address flow makes it) and the
 * shipping options a wallet's express checkout offers.
 */

export const ADDRESS_CHANGE_MSG = {
  shipped: 'This order has already shipped; its address can no longer be changed.',
  paying: 'A payment for this order is in progress. Please finish or cancel it before changing the address.',
  taxChanges:
    'Shipping this paid order to that address would change its tax. Please cancel the order and place it again.',
  shippingChanges:
    'Shipping this paid order to that address would change its shipping cost. ' +
    'Please cancel the order and place it again.',
} as const;

type Env = Pick<Bindings, 'DB' | 'RATE_LIMITER'>;

/** The shipping options (with cost) a wallet's sheet offers the order for a postal code. */
export async function expressShippingOptions(env: Env, access: OrderAccess, postCode: string) {
  const db = env.DB;
  const order = await accessibleOrder(env, access);
  const problem = postalCodeProblem(postCode, order.market);
  if (problem) throw ApiError.badRequest(`postCode ${problem}`);
  const lines = await orderRepository(db).lines(order.id);
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  // The parts' shipping limits (issue 40 item 4): a battery's sheet offers no air option.
  const classes = await shippingClassesOfItems(
    db,
    lines.map((line) => line.itemId),
  );
  const limited = lines.map((line) => ({
    key: String(line.lineNo),
    title: line.title,
    quantity: line.quantity,
    hazmat: classes.get(line.itemId)?.hazmat ?? null,
    sizeClass: classes.get(line.itemId)?.sizeClass ?? null,
  }));
  const quote = shippingQuote(order.market, postCode, quantity, limited);
  return {
    options: quote.options.map((option) => ({ name: option.name, cost: option.cost.cent })),
    chosen: quote.chosen?.name ?? null,
  };
}
