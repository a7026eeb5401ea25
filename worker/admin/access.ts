/**
 * Cloudflare Access in front of /admin: every request it lets through carries a JWT in the
 * `Cf-Access-Jwt-Assertion` header, signed with the team's keys. We check it ourselves (a request
 * that reached the Worker another way must not count) against the team's published key set, with
 * the team domain as issuer and the Access application's AUD tag as audience.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { caches } from '../platform/caches.ts';

/** The two settings that turn Access on (wrangler.toml [vars], empty by default). */
export interface AccessSettings {
  ACCESS_TEAM_DOMAIN?: string;
  ACCESS_AUD?: string;
  /**
   * "on" where the owners choose to let staff sign in with a password and code without Access (local
   * development does); anything else, or nothing, keeps the console shut until Access is configured.
   */
  ADMIN_PASSWORD_SIGN_IN?: string;
}

/** Whether the console answers here: behind Access, or where an owner explicitly opted into password sign-in. */
export const consoleOpen = (env: AccessSettings) =>
  accessConfig(env) !== null || env.ADMIN_PASSWORD_SIGN_IN?.trim() === 'on';

export interface AccessConfig {
  /** `https://<team>.cloudflareaccess.com`: the tokens' issuer, and where the keys are published. */
  issuer: string;
  audience: string;
}

/** Access's configuration; null unless both settings are given (then staff sign in with a password and TOTP). */
export function accessConfig(env: AccessSettings): AccessConfig | null {
  const domain = env.ACCESS_TEAM_DOMAIN?.trim();
  const audience = env.ACCESS_AUD?.trim();
  if (!domain || !audience) return null;
  const issuer = (/^https?:\/\//.test(domain) ? domain : `https://${domain}`).replace(/\/+$/, '');
  return { issuer, audience };
}

/** The team's key set, one per isolate and team, so its keys are fetched once and then on rotation. */
function teamKeys(issuer: string): JWTVerifyGetKey {
  const url = `${issuer}/cdn-cgi/access/certs`;
  let keys = caches.oidcKeySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url));
    caches.oidcKeySets.set(url, keys);
  }
  return keys;
}

/** The email an Access token vouches for; null when the token is missing, forged, expired or for another app. */
export async function accessEmail(
  token: string | undefined,
  config: AccessConfig,
  keys: JWTVerifyGetKey = teamKeys(config.issuer),
): Promise<string | null> {
  if (!token || token.length > 8192) return null;
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: config.issuer,
      audience: config.audience,
      algorithms: ['RS256'],
      clockTolerance: 60,
      requiredClaims: ['exp'],
    });
    return typeof payload.email === 'string' && payload.email.includes('@') ? payload.email.trim().toLowerCase() : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
