/**
 * A content preview's token: `<KV key>.<expiry in seconds>.<HMAC-SHA256>`, signed with the shop's
 * secret (AUTH_SECRET) for one entry. The back office hands it out with a draft; the storefront's
 * preview middleware (preview.routes.ts) shows that entry's draft to whoever holds it, for PREVIEW_MINUTES.
 */

/** How long a preview link shows its draft. */
export const PREVIEW_MINUTES = 30;
/** The query parameter a preview link carries its token in. */
export const PREVIEW_PARAM = 'preview';

/** Where an entry's draft is kept: next to its published value, never read by the storefront itself. */
export const draftKey = (kvKey: string) => `content-draft:${kvKey}`;

const encoder = new TextEncoder();
const KV_KEY_SHAPE = /^[a-z0-9:-]{1,120}$/;

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{40,50}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

const signed = (kvKey: string, expires: number) => encoder.encode(`content-preview:${kvKey}:${expires}`);

/** A token that shows the draft of the entry stored under `kvKey` until PREVIEW_MINUTES from now. */
export async function signPreviewToken(secret: string, kvKey: string, now: number): Promise<string> {
  const expires = Math.floor(now / 1000) + PREVIEW_MINUTES * 60;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), signed(kvKey, expires));
  return `${kvKey}.${expires}.${base64url(signature)}`;
}

/** The KV key a token was signed for while it is unexpired and its signature holds; null for anything else. */
export async function verifyPreviewToken(secret: string, token: string, now: number): Promise<string | null> {
  const [kvKey = '', expiresText = '', signatureText = '', ...rest] = token.split('.');
  if (rest.length > 0 || !KV_KEY_SHAPE.test(kvKey) || !/^\d{1,12}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  const signature = fromBase64url(signatureText);
  if (!signature || expires * 1000 <= now) return null;
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, signed(kvKey, expires));
  return valid ? kvKey : null;
}
