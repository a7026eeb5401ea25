import { expiresIn, readToken, signToken } from '../platform/signing.ts';

/**
 * A content preview's token: `<KV key>.<expiry in seconds>.<HMAC-SHA256>` (platform/signing.ts),
 * signed with the shop's secret (AUTH_SECRET) for one entry. The back office hands it out with a
 * draft; the storefront's preview middleware (preview.routes.ts) shows that entry's draft to
 * whoever holds it, for PREVIEW_MINUTES.
 */

/** How long a preview link shows its draft. */
export const PREVIEW_MINUTES = 30;
/** The query parameter a preview link carries its token in. */
export const PREVIEW_PARAM = 'preview';

/** Where an entry's draft is kept: next to its published value, never read by the storefront itself. */
export const draftKey = (kvKey: string) => `content-draft:${kvKey}`;

const KV_KEY_SHAPE = /^[a-z0-9:-]{1,120}$/;

const PURPOSE = 'content-preview';

/** A token that shows the draft of the entry stored under `kvKey` until PREVIEW_MINUTES from now. */
export async function signPreviewToken(secret: string, kvKey: string, now: number): Promise<string> {
  return signToken(secret, { purpose: PURPOSE, subject: kvKey, expires: expiresIn(now, PREVIEW_MINUTES * 60) });
}

/** The KV key a token was signed for while it is unexpired and its signature holds; null for anything else. */
export async function verifyPreviewToken(secret: string, token: string, now: number): Promise<string | null> {
  return readToken(secret, PURPOSE, token, now, KV_KEY_SHAPE);
}
