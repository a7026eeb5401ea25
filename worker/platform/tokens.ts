import { SignJWT, jwtVerify, errors } from 'jose';
import { USER_ID_COOKIE_SECONDS } from '../../shared/constants.ts';

/** How long a sign-in lasts, in seconds: the same 30 days as the user id cookie (§9). */
export const SESSION_SECONDS = USER_ID_COOKIE_SECONDS;

export type LinkPurpose =
  | 'verify-email'
  | 'reset-password'
  | 'change-email'
  | 'undo-email-change'
  | 'newsletter-confirm'
  | 'newsletter-unsubscribe'
  | 'newsletter-visitor';

/** How long each kind of emailed link stays valid, in seconds. */
export const LINK_SECONDS: Record<LinkPurpose, number> = {
  'verify-email': 86_400,
  'reset-password': 3_600,
  'change-email': 1_800,
  'undo-email-change': 604_800,
  'newsletter-confirm': 604_800,
  'newsletter-unsubscribe': 31_536_000,
  'newsletter-visitor': 31_536_000,
};

/** How long the cookie naming a browser the member signed in from stays valid, in seconds (one year). */
export const DEVICE_SECONDS = 31_536_000;

const ISSUER = 'autohaven';
const key = (secret: string) => new TextEncoder().encode(secret);

export interface SessionClaims {
  accountId: number;
  tokenVersion: number;
  /** The token's own id, so that signing out can revoke this one token. */
  id?: string;
  /** When the token expires, in seconds since the epoch. */
  expiresAt?: number;
}

/** Signs a member's access token; returned with its validity in seconds. */
export async function signSession(
  claims: SessionClaims,
  secret: string,
  now = Date.now(),
): Promise<{ token: string; expiresIn: number }> {
  const token = await new SignJWT({ ver: claims.tokenVersion, typ: 'session' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.accountId))
    .setIssuer(ISSUER)
    .setJti(crypto.randomUUID())
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + SESSION_SECONDS)
    .sign(key(secret));
  return { token, expiresIn: SESSION_SECONDS };
}

/** Verifies an access token; null when it is missing, tampered with, expired or not a session. */
export async function verifySession(token: string, secret: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== 'session' || typeof payload.ver !== 'number' || !payload.sub) return null;
    return { accountId: Number(payload.sub), tokenVersion: payload.ver, id: payload.jti, expiresAt: payload.exp };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

export interface LinkClaims {
  purpose: LinkPurpose;
  id: string;
  email: string;
  accountId?: number;
  newEmail?: string;
  tokenVersion?: number;
}

/** Signs an emailed link: it names its purpose, expires, and has an id so it can be used once. */
export async function signLink(claims: Omit<LinkClaims, 'id'>, secret: string, now = Date.now()): Promise<string> {
  return new SignJWT({ ...claims, typ: 'link' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setJti(crypto.randomUUID())
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + LINK_SECONDS[claims.purpose])
    .sign(key(secret));
}

/** Verifies an emailed link for one purpose; null when invalid, expired or for another purpose. */
export async function verifyLink(token: string, purpose: LinkPurpose, secret: string): Promise<LinkClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== 'link' || payload.purpose !== purpose || !payload.jti || typeof payload.email !== 'string')
      return null;
    return { ...(payload as unknown as LinkClaims), id: payload.jti };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** Signs the id of a browser a member signed in from: its failed sign-ins are counted apart from its IP's. */
export async function signDevice(secret: string, now = Date.now()): Promise<string> {
  return new SignJWT({ typ: 'device' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setJti(crypto.randomUUID())
    .setExpirationTime(Math.floor(now / 1000) + DEVICE_SECONDS)
    .sign(key(secret));
}

/** The id of a browser from its signed cookie; null when missing, forged or expired. */
export async function verifyDevice(token: string, secret: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    return payload.typ === 'device' && payload.jti ? payload.jti : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
