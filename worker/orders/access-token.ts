/**
 * A guest's order-access token: `<expiry in seconds>.<HMAC-SHA256 of the order number and the
 * expiry>`, signed with the order's own random key. It is issued at placement (the result page
 * keeps it) and in the confirmation email's link, and is the only thing besides a member's
 * session that lets anyone pay, cancel, move or print an order. The order number and email
 * are no longer enough.
 */

/** How long an order-access token opens its order: long enough for the confirmation email's link to be useful. */
export const ORDER_TOKEN_DAYS = 30;

const encoder = new TextEncoder();

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const hmacKey = (accessKey: string) =>
  crypto.subtle.importKey('raw', encoder.encode(accessKey), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

const signed = (orderId: string, expires: number) => encoder.encode(`order-access:${orderId}:${expires}`);

/** A new random key for an order's tokens (256 bits, hex). */
export function newAccessKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Signs a token that opens this order until ORDER_TOKEN_DAYS from now. */
export async function signOrderToken(accessKey: string, orderId: string, now: number): Promise<string> {
  const expires = Math.floor(now / 1000) + ORDER_TOKEN_DAYS * 86_400;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(accessKey), signed(orderId, expires));
  return `${expires}.${base64url(signature)}`;
}

/** Whether the token was signed for this order with its key and has not expired (compared in constant time). */
export async function verifyOrderToken(
  accessKey: string,
  orderId: string,
  token: string,
  now: number,
): Promise<boolean> {
  const [expiresText = '', signatureText = ''] = token.split('.');
  const expires = /^\d{1,12}$/.test(expiresText) ? Number(expiresText) : 0;
  const signature = fromBase64url(signatureText);
  if (!signature || expires * 1000 <= now) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(accessKey), signature, signed(orderId, expires));
}
