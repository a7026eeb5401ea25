import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../env.ts';
import { DEV_IDP_AUDIENCE, devIdpIssuer, devIdpPublicKey, devIdToken } from './service.ts';

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
  .get('/dev/idp/jwks.json', async (c) => c.json({ keys: [await devIdpPublicKey()] }))
  .post('/dev/idp/token', async (c) => {
    const parsed = tokenRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json(
        { error: 'invalid_request', error_description: parsed.error.issues[0]?.message ?? 'Invalid body' },
        400,
      );
    const id_token = await devIdToken(new URL(c.req.url).origin, parsed.data);
    return c.json({ id_token });
  });
