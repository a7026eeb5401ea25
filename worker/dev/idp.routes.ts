import { Hono } from 'hono';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { localVerifier, type IdTokenVerifier } from '../accounts/oidc.ts';

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

/** Verifies tokens of the built-in provider against its in-isolate key: no network involved. */
export async function devIdpVerifier(origin: string): Promise<IdTokenVerifier> {
  const { publicJwk } = await devKeys();
  return localVerifier({ keys: [publicJwk] }, devIdpIssuer(origin), DEV_IDP_AUDIENCE);
}

const tokenRequest = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(320).optional(),
  // A test provider vouches for the address unless told otherwise.
  email_verified: z.boolean().default(true),
  aud: z.string().min(1).max(255).default(DEV_IDP_AUDIENCE),
});

/** A built-in OpenID Connect test provider, answered only when DEV_TOOLS is 'true' (never in production). */
export const devIdp = new Hono<AppEnv>()
  .use('/dev/idp/*', async (c, next) => (c.env.DEV_TOOLS === 'true' ? next() : c.notFound()))
  .get('/dev/idp/.well-known/openid-configuration', (c) => {
    const issuer = devIdpIssuer(new URL(c.req.url).origin);
    return c.json({
      issuer,
      jwks_uri: `${issuer}/jwks.json`,
      token_endpoint: `${issuer}/token`,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  })
  .get('/dev/idp/jwks.json', async (c) => c.json({ keys: [(await devKeys()).publicJwk] }))
  .post('/dev/idp/token', async (c) => {
    const parsed = tokenRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json(
        { error: 'invalid_request', error_description: parsed.error.issues[0]?.message ?? 'Invalid body' },
        400,
      );
    const { sub, email, email_verified, aud } = parsed.data;
    const { privateKey, publicJwk } = await devKeys();
    const now = Math.floor(Date.now() / 1000);
    const id_token = await new SignJWT(email === undefined ? {} : { email, email_verified })
      .setProtectedHeader({ alg: 'RS256', kid: publicJwk.kid, typ: 'JWT' })
      .setIssuer(devIdpIssuer(new URL(c.req.url).origin))
      .setSubject(sub)
      .setAudience(aud)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_SECONDS)
      .sign(privateKey);
    return c.json({ id_token });
  });
