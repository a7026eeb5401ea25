/**
 * HMAC-SHA256 signatures written as base64url: the shop's signed links and tokens (order access, return evidence,
 * content previews, chat conversations, review invitations) each sign their own labelled message with a secret and
 * check it in constant time (crypto.subtle.verify).
 */

const encoder = new TextEncoder();

/** Bytes as base64url, without padding. */
export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Base64url text as bytes; null when it is not base64url (or longer than `maxLength`). */
export function fromBase64url(text: string, maxLength = 100): Uint8Array<ArrayBuffer> | null {
  if (text.length === 0 || text.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1)
    return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

/** The HMAC-SHA256 of `message` with `secret`, as base64url. */
export async function hmacSign(secret: string, message: string): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(message)));
}

/** Whether `signature` (base64url) is the HMAC-SHA256 of `message` with `secret`, compared in constant time. */
export async function hmacVerify(secret: string, message: string, signature: string): Promise<boolean> {
  const bytes = fromBase64url(signature);
  if (!bytes) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret), bytes, encoder.encode(message));
}

/** `bytes` random bytes as lowercase hex (ids and keys). */
export function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
