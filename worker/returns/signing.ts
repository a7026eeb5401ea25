import { RETURN_LIMITS } from '../../shared/returns.ts';

/**
 * Short-lived links to a return's evidence: `/return-evidence/{uploadId}?expires=..&signature=..`,
 * the signature an HMAC-SHA256 (with AUTH_SECRET) of the upload and the expiry. The files stay
 * private in R2; only the Worker serves them, and only with a link that has not expired.
 */

const encoder = new TextEncoder();

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

const signed = (uploadId: string, expires: number) => encoder.encode(`return-evidence:${uploadId}:${expires}`);

/** The path of an evidence file's link, valid for RETURN_LIMITS.evidenceLinkMinutes; with when it expires (ms). */
export async function signedEvidencePath(
  secret: string,
  uploadId: string,
  now: number,
): Promise<{ url: string; expiresAt: number }> {
  const expires = Math.floor(now / 1000) + RETURN_LIMITS.evidenceLinkMinutes * 60;
  const signature = base64url(await crypto.subtle.sign('HMAC', await hmacKey(secret), signed(uploadId, expires)));
  const query = new URLSearchParams({ expires: String(expires), signature });
  return { url: `/return-evidence/${encodeURIComponent(uploadId)}?${query}`, expiresAt: expires * 1000 };
}

/** Whether the link was signed for this upload and has not expired (the signature compared in constant time). */
export async function verifyEvidenceLink(
  secret: string,
  uploadId: string,
  link: { expires?: string; signature?: string },
  now: number,
): Promise<boolean> {
  const expires = /^\d{1,12}$/.test(link.expires ?? '') ? Number(link.expires) : 0;
  const signature = fromBase64url(link.signature ?? '');
  if (!signature || expires * 1000 <= now) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret), signature, signed(uploadId, expires));
}
