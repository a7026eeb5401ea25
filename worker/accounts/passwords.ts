import { fromBase64Url, toBase64Url } from '../../shared/base64.ts';
import { hmacBytes } from '../platform/signing.ts';
/**
 * Password storage (OWASP Password Storage Cheat Sheet). Workers allow at most 100,000 PBKDF2
 * iterations per call, below OWASP's 600,000 for PBKDF2-HMAC-SHA256, so the password is first
 * keyed with a secret pepper (HMAC-SHA256 with PASSWORD_PEPPER, kept out of the database), then
 * stretched with PBKDF2-HMAC-SHA256 at the 100,000 maximum with a 16-byte random salt. A stolen
 * database without the pepper cannot be attacked offline at all; the stored format names the
 * algorithm and cost, so hashes can be upgraded on the next sign-in.
 */

const ITERATIONS = 100_000;

/** The longest salt or hash read from a stored password (they are 22 and 43 characters). */
const STORED_PART_MAX = 100;

const peppered = (password: string, pepper: string) => hmacBytes(pepper, password.normalize('NFKC'));

async function derive(
  password: string,
  pepper: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey('raw', await peppered(password, pepper), 'PBKDF2', false, [
    'deriveBits',
  ]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 256),
  );
}

/** Hashes a password for storage: `pbkdf2-sha256$iterations$salt$hash`. */
export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, iterations, salt, expected] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !expected) return false;
  const saltBytes = fromBase64Url(salt, STORED_PART_MAX);
  const wanted = fromBase64Url(expected, STORED_PART_MAX);
  if (!saltBytes || !wanted) return false;
  const actual = await derive(password, pepper, saltBytes, Number(iterations));
  if (actual.length !== wanted.length) return false;
  let difference = 0;
  for (let i = 0; i < actual.length; i++) difference |= actual[i]! ^ wanted[i]!;
  return difference === 0;
}

/** A hash of a random password: login compares against it when no account matches, so timing reveals nothing. */
export const DUMMY_HASH = 'pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
