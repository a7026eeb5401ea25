import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import type { Bindings } from '../env.ts';
import { caches } from './caches.ts';

/** What a verified OpenID Connect id token says about the person signing in. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** Checks an id token; null when it is not one we accept (bad signature, expired, wrong issuer or audience). */
export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity | null>;
}

/** The signature algorithms common providers use; 'none' and HMAC are never accepted. */
const ALGORITHMS = ['RS256', 'ES256'];
/** Allowed clock skew between us and the provider, in seconds. */
const CLOCK_TOLERANCE_SECONDS = 60;

/** The provider's key set, one per URL and isolate, so its fetched keys are kept between sign-ins. */
function remoteKeySet(url: string): JWTVerifyGetKey {
  let keys = caches.oidcKeySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url));
    caches.oidcKeySets.set(url, keys);
  }
  return keys;
}

/** A verifier over any key source, for one issuer and one audience (our client id). */
export function keySetVerifier(keys: JWTVerifyGetKey, issuer: string, audience: string): IdTokenVerifier {
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          issuer,
          audience,
          algorithms: ALGORITHMS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.iss !== 'string' || typeof payload.sub !== 'string' || !payload.sub) return null;
        const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
        // Some providers send the flag as the string "true"; anything else counts as unverified.
        const emailVerified = email !== null && (payload.email_verified === true || payload.email_verified === 'true');
        return { issuer: payload.iss, subject: payload.sub, email: email || null, emailVerified };
      } catch (error) {
        // A token we cannot accept is the caller's problem; anything else (e.g. the provider's key
        // endpoint being unreachable) is ours and surfaces as an internal error.
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** A verifier over a key set held in memory (the built-in test identity provider). */
export function localVerifier(jwks: JSONWebKeySet, issuer: string, audience: string): IdTokenVerifier {
  return keySetVerifier(createLocalJWKSet(jwks), issuer, audience);
}

/** The configured provider's verifier; null unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_JWKS_URL are all set. */
export function verifierFor(
  env: Pick<Bindings, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_JWKS_URL'>,
): IdTokenVerifier | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_JWKS_URL) return null;
  return keySetVerifier(remoteKeySet(env.OIDC_JWKS_URL), env.OIDC_ISSUER, env.OIDC_CLIENT_ID);
}
