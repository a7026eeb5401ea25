import { RETURN_LIMITS } from '../../shared/returns.ts';
import { expiresIn, expiresOf, signClaim, verifyClaim } from '../platform/signing.ts';

/**
 * Short-lived links to a return's evidence: `/return-evidence/{uploadId}?expires=..&signature=..`,
 * the signature that of a claim on the upload until the expiry (platform/signing.ts, AUTH_SECRET).
 * The files stay private in R2; only the Worker serves them, and only with a link that has not expired.
 */

const PURPOSE = 'return-evidence';

/** The path of an evidence file's link, valid for RETURN_LIMITS.evidenceLinkMinutes; with when it expires (ms). */
export async function signedEvidencePath(
  secret: string,
  uploadId: string,
  now: number,
): Promise<{ url: string; expiresAt: number }> {
  const expires = expiresIn(now, RETURN_LIMITS.evidenceLinkMinutes * 60);
  const signature = await signClaim(secret, { purpose: PURPOSE, subject: uploadId, expires });
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
  const expires = expiresOf(link.expires) ?? 0;
  return verifyClaim(secret, { purpose: PURPOSE, subject: uploadId, expires }, link.signature ?? '', now);
}
