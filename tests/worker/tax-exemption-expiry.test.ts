import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { US } from '../../shared/markets.ts';
import type { CartRecord } from '../../worker/cart/service.ts';
import { quoteCheckout } from '../../worker/checkout/service.ts';
import { placeOrder } from '../../worker/flows/place-order.ts';
import { bearer, freshIp } from './account-helpers.ts';
import { checkoutFixture, shopper } from './checkout-helpers.ts';
import { approvedMember } from './tax-exemption-helpers.ts';
import { COLUMBUS, loadTaxPlaces, SAN_FRANCISCO } from './tax-helpers.ts';

/**
 * When a certificate stops applying (issue 39 item 3): its expiry is a calendar day where the parts
 * are shipped, so one that expires on December 31 still applies to an order placed at 23:30 that
 * day on the ship-to state's clock, and no longer half an hour after midnight there; a Californian
 * order is judged on Pacific time, though Ohio (the warehouse) and UTC are already in the new year.
 */

const LAST_DAY = '2026-12-31';
let skuId: number;

beforeAll(async () => {
  [skuId] = (await checkoutFixture(1)) as [number];
  await loadTaxPlaces();
});

/** The instant a wall clock in a time zone shows `local` ('2026-12-31T23:30'), from the zone's own rules. */
function wallClock(timeZone: string, local: string): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const shownAsUtc = (ms: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
    return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
  };
  const wanted = Date.parse(`${local}:00Z`);
  let guess = wanted;
  for (let step = 0; step < 3; step++) guess = wanted - (shownAsUtc(guess) - guess);
  expect(shownAsUtc(guess)).toBe(wanted);
  return guess;
}

/** A member whose certificate covers the states until December 31, with one part in their cart. */
async function exemptBuyer(regions: string[]) {
  const buyer = await approvedMember(regions);
  await env.DB.prepare(`UPDATE tax_exemption SET expires_on = ? WHERE id = ?`)
    .bind(LAST_DAY, buyer.certificate.id)
    .run();
  const cart = shopper(undefined, { ...bearer(buyer.token), 'cf-connecting-ip': freshIp() });
  const uuid = (await cart.add(skuId, 1)).body.data.cartUUID!;
  const record: CartRecord = {
    uuid,
    tokenHash: '',
    accountId: buyer.accountId,
    promotionCodes: [],
    couponIds: [],
    kind: 'CART',
    pointsLocked: 0,
  };
  return { ...buyer, cart: record };
}

/** Places the member's order to the address at `now`, as checkout quoted it then: its tax and certificate. */
async function placedAt(buyer: Awaited<ReturnType<typeof exemptBuyer>>, place: Record<string, string>, now: number) {
  const address = { ...place, market: 'us', addressLine2: null } as never;
  const asked = { cart: buyer.cart, market: US, accountId: buyer.accountId, address, email: buyer.email, now };
  const quote = await quoteCheckout(env, asked);
  const placed = await placeOrder(env, {
    ...asked,
    idempotencyKey: `order-${crypto.randomUUID()}`,
    shippingName: null,
    paymentMethod: 'CARD',
    pointsToRedeem: 0,
    expectedTotal: quote.total,
    placer: { ip: null, visitorKey: null },
  });
  const record = await env.DB.prepare(
    `SELECT certificate_id AS certificateId, tax_cent AS tax FROM tax_record WHERE order_id = ?`,
  )
    .bind(placed.order.orderId)
    .first<{ certificateId: number | null; tax: number }>();
  return { tax: placed.order.tax, record };
}

describe('a certificate expiring on December 31', () => {
  it('still applies to an order placed at 23:30 that day in Ohio, and not to one at 00:30 on January 1', async () => {
    const buyer = await exemptBuyer(['US-OH']);
    const lastEvening = await placedAt(buyer, COLUMBUS, wallClock('America/New_York', `${LAST_DAY}T23:30`));
    // 04:30 on January 1 in UTC: a UTC calendar would have called the certificate expired.
    expect(lastEvening).toEqual({ tax: 0, record: { certificateId: buyer.certificate.id, tax: 0 } });
    const newYear = await placedAt(buyer, COLUMBUS, wallClock('America/New_York', '2027-01-01T00:30'));
    expect(newYear.tax).toBeGreaterThan(0);
    expect(newYear.record).toEqual({ certificateId: null, tax: newYear.tax });
  });

  it("is read on the ship-to state's clock: California exempt at 23:30 Pacific, Ohio in the new year", async () => {
    const buyer = await exemptBuyer(['US-CA', 'US-OH']);
    const pacificEvening = wallClock('America/Los_Angeles', `${LAST_DAY}T23:30`);
    const california = await placedAt(buyer, SAN_FRANCISCO, pacificEvening);
    expect(california).toEqual({ tax: 0, record: { certificateId: buyer.certificate.id, tax: 0 } });
    // The same moment in Columbus is past midnight: the Ohio order is taxed.
    const ohio = await placedAt(buyer, COLUMBUS, pacificEvening);
    expect(ohio.tax).toBeGreaterThan(0);
    expect(ohio.record!.certificateId).toBeNull();
    const pacificNewYear = await placedAt(buyer, SAN_FRANCISCO, wallClock('America/Los_Angeles', '2027-01-01T00:30'));
    expect(pacificNewYear.tax).toBeGreaterThan(0);
    expect(pacificNewYear.record!.certificateId).toBeNull();
  });
});
