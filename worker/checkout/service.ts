import type { AddressFields } from '../../shared/address.ts';
import type { Market } from '../../shared/markets.ts';
import { isOfferedIn, isPaymentMethodId } from '../../shared/payment-methods.ts';
import { emailProblem } from '../../shared/validation.ts';
import { fieldError } from '../platform/contract.ts';
import { lockCartPoints, type CartRecord } from '../cart/service.ts';
import type { TaxEnv } from '../tax/service.ts';
import { checkAddress, quoteCheckout } from './quote.ts';

/**
 * Checkout's door: the quote for an address, points set aside, and what an order is placed with.
 * Placing the order itself is place-order.ts, which only checkout's routes call.
 */

export {
  CHECKOUT_MSG,
  assertOrderable,
  assertShippable,
  checkAddress,
  quoteCheckout,
  type CheckoutQuote,
  type CheckoutRequest,
} from './quote.ts';

/** Who is checking out: the shop's market and the member signed in, if any. */
export interface Shopper {
  market: Market;
  accountId: number | null;
}

/** What checkout shows: every discount, the shipping, the points set aside, each tax line and the total. */
export async function checkoutQuote(
  env: TaxEnv,
  shopper: Shopper,
  cart: CartRecord,
  choice: {
    address?: AddressFields | null;
    shippingName?: string | null;
    attributeValueId?: number | null;
    /** A guest's email as typed so far: a first-order offer is priced as placing the order will. */
    email?: string | null;
  },
  now: number,
) {
  if (choice.address) await checkAddress(env.DB, shopper.market, choice.address);
  const result = await quoteCheckout(env, {
    cart,
    market: shopper.market,
    accountId: shopper.accountId,
    address: choice.address ?? null,
    shippingName: choice.shippingName,
    pointsToRedeem: cart.pointsLocked,
    attributeValueId: choice.attributeValueId ?? null,
    // A member's order goes to the account's email; a guest's to the one typed, once it looks like one.
    email: shopper.accountId === null && choice.email && !emailProblem(choice.email) ? choice.email : null,
    now,
  });
  return {
    // Each line as the summary lists it, with its fit for the shopper's vehicle (null: fitment does not apply).
    lines: result.lines.items.map((item) => ({
      key: item.key,
      title: item.title,
      quantity: item.itemCount,
      lineTotal: item.lineTotal,
      fit: item.carModelMatch,
      fitText: item.extraSubTitleJoinVehicle,
      urlHandle: item.urlHandle,
      // Why the address cannot have it (with legal alternatives), and a Californian's Prop 65 warning (issue 40).
      shipRefusal: item.shipRefusal,
      prop65: item.prop65,
      // How the part limits the shipping options there, and why (issue 40 item 4).
      shipLimit: item.shipLimit,
      coreCharge: item.usable ? item.coreCharge : null,
    })),
    pricing: result.pricing,
    taxes: result.taxes,
    tax: result.tax,
    taxNote: result.taxNote,
    taxSummary: result.taxSummary,
    total: result.total,
    pointsBalance: result.pointsBalance,
    pointsLocked: result.pricing.pointsUsed,
    // The earn preview: "You'll earn 120 points as a Gold member".
    pointsToEarn: result.pointsToEarn,
    pointsEarnRate: result.pointsEarnRate,
    levelName: result.levelName,
    itemCount: result.lines.itemCount,
  };
}

/** Sets aside points for this checkout (0 releases them) and answers the new quote. */
export async function setAsidePoints(
  env: TaxEnv,
  shopper: Shopper,
  cart: CartRecord,
  points: number,
  now: number,
  attributeValueId: number | null = null,
) {
  await lockCartPoints(env.DB, cart, points, now);
  return checkoutQuote(env, shopper, { ...cart, pointsLocked: points }, { attributeValueId }, now);
}

/** Refuses an order without a valid email, or paid with a method the market does not offer. */
export function assertOrderContact(market: Market, email: string, paymentMethod: string): void {
  const problem = emailProblem(email);
  if (problem) throw fieldError('email', problem);
  if (!isPaymentMethodId(paymentMethod) || !isOfferedIn(market, paymentMethod))
    throw fieldError('paymentMethod', 'Please choose one of the payment methods offered.');
}
