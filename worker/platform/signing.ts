import { fromBase64Url, toBase64Url, toHex } from '../../shared/base64.ts';

/**
 * The shop's signed links and tokens (order access, return evidence, content previews, chat
 * conversations, review invitations), in one format: a claim that `subject` may be opened for
 * `purpose` until `expires`, signed with HMAC-SHA256 over `<purpose>:<subject>:<expires>` and
 * checked in constant time (crypto.subtle.verify). The purpose keeps a signature made for one use
 * from opening another. Written as `<subject>.<expires>.<signature>` (a token), or as
 * `<expires>.<signature>` (a seal) where whoever checks it already knows the subject.
 *
 * Not JWTs (jose, as platform/tokens.ts uses for sessions): these ride in URLs and emails, where a
 * token of 60 to 100 characters beats one of 150 to 250, and the order tokens already emailed in
 * this format must keep opening their orders.
 */

export interface SignedClaim {
  /** What the signature is for, e.g. `chat` or `order-access`. */
  purpose: string;
  /** What it opens: an id or key, never containing a dot. */
  subject: string;
  /** When it stops opening it, in seconds since the epoch. */
  expires: number;
}

const encoder = new TextEncoder();
/** The longest signature read: an HMAC-SHA256 is 43 characters of base64url. */
const SIGNATURE_MAX = 100;
const EXPIRES = /^\d{1,12}$/;

const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

/** The HMAC-SHA256 of `message` with `secret`, as bytes (a webhook scheme writes them as hex). */
export async function hmacBytes(secret: string, message: string): Promise<ArrayBuffer> {
  return crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(message));
}

/** Whether `signature` is the HMAC-SHA256 of `message` with `secret`, compared in constant time. */
export async function hmacMatches(
  secret: string,
  message: string,
  signature: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  return crypto.subtle.verify('HMAC', await hmacKey(secret), signature, encoder.encode(message));
}

/** The HMAC-SHA256 of `message` with `secret`, as base64url. */
export async function hmacSign(secret: string, message: string): Promise<string> {
  return toBase64Url(await hmacBytes(secret, message));
}

/** Whether `signature` (base64url) is the HMAC-SHA256 of `message` with `secret`, compared in constant time. */
export async function hmacVerify(secret: string, message: string, signature: string): Promise<boolean> {
  const bytes = fromBase64Url(signature, SIGNATURE_MAX);
  return bytes !== null && hmacMatches(secret, message, bytes);
}

/** The SHA-256 of a text (UTF-8) as lowercase hex: what is stored of a token emailed or handed out. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

const signed = (claim: SignedClaim) => `${claim.purpose}:${claim.subject}:${claim.expires}`;

/** When a claim made now for `seconds` expires, in seconds since the epoch. */
export const expiresIn = (now: number, seconds: number) => Math.floor(now / 1000) + seconds;

/** The expiry written in a token, or null when it is no whole number of seconds. */
export const expiresOf = (text: string | undefined): number | null =>
  text !== undefined && EXPIRES.test(text) ? Number(text) : null;

/** The claim's signature (base64url). */
export function signClaim(secret: string, claim: SignedClaim): Promise<string> {
  return hmacSign(secret, signed(claim));
}

/** Whether the claim is unexpired at `now` (ms) and `signature` is its signature with `secret`. */
export async function verifyClaim(
  secret: string,
  claim: SignedClaim,
  signature: string,
  now: number,
): Promise<boolean> {
  if (claim.expires * 1000 <= now || claim.subject.includes('.')) return false;
  return hmacVerify(secret, signed(claim), signature);
}

/** The claim as a token: `<subject>.<expires>.<signature>`. */
export async function signToken(secret: string, claim: SignedClaim): Promise<string> {
  return `${claim.subject}.${await signSeal(secret, claim)}`;
}

/**
 * The subject a token opens for `purpose`: null when it is malformed, its subject is not of the
 * expected `shape`, it has expired, or its signature does not hold.
 */
export async function readToken(
  secret: string,
  purpose: string,
  token: string,
  now: number,
  shape: RegExp,
): Promise<string | null> {
  const [subject = '', expiresText, signature = '', ...rest] = token.split('.');
  const expires = expiresOf(expiresText);
  if (rest.length > 0 || expires === null || !shape.test(subject)) return null;
  return (await verifyClaim(secret, { purpose, subject, expires }, signature, now)) ? subject : null;
}

/** The claim as a seal, without its subject: `<expires>.<signature>`. */
export async function signSeal(secret: string, claim: SignedClaim): Promise<string> {
  return `${claim.expires}.${await signClaim(secret, claim)}`;
}

/** Whether a seal opens `subject` for `purpose` at `now`: well formed, unexpired and genuine. */
export async function checkSeal(
  secret: string,
  purpose: string,
  subject: string,
  seal: string,
  now: number,
): Promise<boolean> {
  const [expiresText, signature = '', ...rest] = seal.split('.');
  const expires = expiresOf(expiresText);
  if (rest.length > 0 || expires === null) return false;
  return verifyClaim(secret, { purpose, subject, expires }, signature, now);
}

/** `bytes` random bytes as lowercase hex (ids and keys). */
export function randomHex(bytes: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}
