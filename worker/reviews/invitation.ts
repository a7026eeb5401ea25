import { fromBase64Url, toBase64Url } from '../../shared/base64.ts';
import { MARKET_IDS, type MarketId } from '../../shared/markets.ts';
import { expiresIn, hmacVerify, readToken, signToken } from '../platform/signing.ts';
import type { Reviewer } from './records.ts';

/**
 * An invitation to review an item: a token of platform/signing.ts whose subject is its claims
 * (the item and, when the shop named them, the reviewer) as base64url JSON, valid 30 days. The
 * shop's own invitation (after an order ships) names the buyer, so a rejection can tell them why.
 */

/** How long an invitation stays valid, in seconds. */
export const INVITATION_SECONDS = 30 * 24 * 3600;
const PURPOSE = 'review-invitation';
/** The longest invitation claims read, as base64url (an email address is at most 254 characters). */
const CLAIMS_MAX = 600;
const CLAIMS_SHAPE = new RegExp(`^[A-Za-z0-9_-]{1,${CLAIMS_MAX}}$`);

/** What a valid invitation says. */
export interface Invitation {
  itemId: number;
  reviewer: Reviewer | null;
}

/** Signs an invitation to review an item; with when it expires (seconds since the epoch). */
export async function signInvitation(itemId: number, secret: string, now = Date.now(), reviewer?: Reviewer) {
  const expiresAt = expiresIn(now, INVITATION_SECONDS);
  const named = reviewer ? { email: reviewer.email, market: reviewer.market } : {};
  // An English invitation's claims are as they always were; a French one says so.
  const claims = { itemId, ...named, ...(reviewer?.locale === 'fr' ? { locale: 'fr' } : {}) };
  const subject = toBase64Url(new TextEncoder().encode(JSON.stringify(claims)));
  return { token: await signToken(secret, { purpose: PURPOSE, subject, expires: expiresAt }), itemId, expiresAt };
}

/** What a valid, unexpired invitation says; null when tampered with, malformed or expired. */
export async function readInvitation(token: string, secret: string, now: number): Promise<Invitation | null> {
  const parts = token.split('.');
  if (parts.length === 2) return readEarlierInvitation(parts[0]!, parts[1]!, secret, now);
  const subject = await readToken(secret, PURPOSE, token, now, CLAIMS_SHAPE);
  const claims = subject === null ? null : claimsOf(subject);
  return claims && invitationOf(claims);
}

/**
 * Invitations emailed before they were tokens of platform/signing.ts: `<claims>.<HMAC of the
 * claims>`, the expiry among the claims. Read until the last of them expires, 30 days after
 * 2026-11-27; from 2026-12-28 on this reader and its branch above can go.
 */
async function readEarlierInvitation(payload: string, signature: string, secret: string, now: number) {
  const claims = claimsOf(payload);
  if (!claims || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
  return (await hmacVerify(secret, payload, signature)) ? invitationOf(claims) : null;
}

function claimsOf(subject: string): Record<string, unknown> | null {
  const bytes = fromBase64Url(subject, CLAIMS_MAX);
  if (!bytes) return null;
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function invitationOf(claims: Record<string, unknown>): Invitation | null {
  if (typeof claims.itemId !== 'number') return null;
  const named = typeof claims.email === 'string' && MARKET_IDS.includes(claims.market as MarketId);
  return {
    itemId: claims.itemId,
    reviewer: named
      ? {
          email: claims.email as string,
          market: claims.market as MarketId,
          ...(claims.locale === 'fr' ? { locale: 'fr' as const } : {}),
        }
      : null,
  };
}
