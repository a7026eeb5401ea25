import type { AddressFields } from '../../shared/address.ts';
import type { Market } from '../../shared/markets.ts';
import { quoteTax, type CheckoutTax } from './quote.ts';
import type { TaxEnv } from './registry.ts';
import { requestOf, taxRepository } from './repository.ts';

/**
 * An order's tax figured again for another address in its market (the address changed before it
 * shipped): the same lines and shipping as it was placed with. Null for an order without a ledger;
 * `committed` when the sale is already with the service (its ledger then stays as it is).
 */
export async function retaxOrder(
  env: TaxEnv,
  orderId: string,
  market: Market,
  address: AddressFields,
  now: number,
): Promise<(CheckoutTax & { committed: boolean }) | null> {
  const record = await taxRepository(env.DB).record(orderId);
  if (!record) return null;
  const placed = requestOf(record);
  const member = /^member-(\d+)$/.exec(placed.customerRef ?? '');
  const tax = await quoteTax(env, {
    market,
    address,
    accountId: member ? Number(member[1]) : null,
    email: member ? null : placed.customerRef,
    lines: placed.lines.map((line) => ({ amountCent: line.amountCent, quantity: line.quantity })),
    goodsCent: placed.lines.reduce((sum, line) => sum + line.amountCent, 0),
    shippingCent: placed.shippingCent,
    now,
  });
  return { ...tax, committed: record.status !== 'PENDING' };
}
