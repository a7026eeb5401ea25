import { RETURN_LIMITS } from '../../shared/returns.ts';
import { hmacSign, hmacVerify } from '../platform/signing.ts';

/**
 * Short-lived links to a return's evidence: `/return-evidence/{uploadId}?expires=..&signature=..`,
 * the signature an HMAC-SHA256 (with AUTH_SECRET) of the upload and the expiry. The files stay
 * private in R2; only the Worker serves them, and only with a link that has not expired.
 */

const signed = (uploadId: string, expires: number) => `return-evidence:${uploadId}:${expires}`;

/** The path of an evidence file's link, valid for RETURN_LIMITS.evidenceLinkMinutes; with when it expires (ms). */
export async function signedEvidencePath(
  secret: string,
  uploadId: string,
  now: number,
): Promise<{ url: string; expiresAt: number }> {
  const expires = Math.floor(now / 1000) + RETURN_LIMITS.evidenceLinkMinutes * 60;
  const signature = await hmacSign(secret, signed(uploadId, expires));
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
  if (expires * 1000 <= now) return false;
  return hmacVerify(secret, signed(uploadId, expires), link.signature ?? '');
}
