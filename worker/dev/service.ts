import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { localVerifier, type IdTokenVerifier } from '../platform/oidc.ts';

/** The built-in OpenID Connect test provider: its key, its tokens and the shop's verifier for them. */

/** The client id the built-in provider issues tokens for, and the one the shop expects from it. */
export const DEV_IDP_AUDIENCE = 'autohaven-local';
/** How long a test id token stays valid, in seconds. */
const TOKEN_SECONDS = 600;

/** The built-in provider's issuer: per origin, so US and Canada hosts each act as their own provider. */
export const devIdpIssuer = (origin: string) => `${origin}/dev/idp`;

interface DevKeys {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

// One key pair per isolate, made on first use: nothing is stored, so tokens die with the isolate,
// which is fine for a provider that exists only for local use and tests.
let keys: Promise<DevKeys> | null = null;

function devKeys(): Promise<DevKeys> {
  keys ??= (async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
    return { privateKey: pair.privateKey, publicJwk };
  })();
  // A failed generation must not stick for the life of the isolate.
  keys.catch(() => {
    keys = null;
  });
  return keys;
}

/** The built-in provider's public key, as its key set publishes it. */
export async function devIdpPublicKey(): Promise<JWK> {
  return (await devKeys()).publicJwk;
}

/** Verifies tokens of the built-in provider against its in-isolate key: no network involved. */
export async function devIdpVerifier(origin: string): Promise<IdTokenVerifier> {
  const { publicJwk } = await devKeys();
  return localVerifier({ keys: [publicJwk] }, devIdpIssuer(origin), DEV_IDP_AUDIENCE);
}

/** Signs a test id token for a subject, with an email the provider vouches for unless told otherwise. */
export async function devIdToken(
  origin: string,
  claims: { sub: string; email?: string; email_verified: boolean; aud: string },
): Promise<string> {
  const { sub, email, email_verified, aud } = claims;
  const { privateKey, publicJwk } = await devKeys();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(email === undefined ? {} : { email, email_verified })
    .setProtectedHeader({ alg: 'RS256', kid: publicJwk.kid, typ: 'JWT' })
    .setIssuer(devIdpIssuer(origin))
    .setSubject(sub)
    .setAudience(aud)
    .setIssuedAt(now)
    .setExpirationTime(now + TOKEN_SECONDS)
    .sign(privateKey);
}
