import { checkSeal, expiresIn, randomHex, signSeal } from '../platform/signing.ts';

/**
 * A guest's order-access token: a seal (platform/signing.ts, `<expiry in seconds>.<HMAC-SHA256>`)
 * over the order number, signed with the order's own random key. It is issued at placement (the result page
 * keeps it) and in the confirmation email's link, and is the only thing besides a member's
 * session that lets anyone pay, cancel, move or print an order. The order number and email
 * are no longer enough.
 */

/** How long an order-access token opens its order: long enough for the confirmation email's link to be useful. */
export const ORDER_TOKEN_DAYS = 30;

const PURPOSE = 'order-access';

/** A new random key for an order's tokens (256 bits, hex). */
export function newAccessKey(): string {
  return randomHex(32);
}

/** Signs a token that opens this order until ORDER_TOKEN_DAYS from now. */
export async function signOrderToken(accessKey: string, orderId: string, now: number): Promise<string> {
  return signSeal(accessKey, {
    purpose: PURPOSE,
    subject: orderId,
    expires: expiresIn(now, ORDER_TOKEN_DAYS * 86_400),
  });
}

/** Whether the token was signed for this order with its key and has not expired (compared in constant time). */
export async function verifyOrderToken(
  accessKey: string,
  orderId: string,
  token: string,
  now: number,
): Promise<boolean> {
  return checkSeal(accessKey, PURPOSE, orderId, token, now);
}
