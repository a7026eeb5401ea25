import { createMiddleware } from 'hono/factory';
import { failure } from '../../shared/envelope.ts';
import { ERROR_CODE } from '../../shared/messages.ts';
import type { AppEnv } from '../env.ts';
import { isApiPath } from '../platform/api-error.ts';
import { log } from '../platform/log.ts';
import { missingConfig } from '../platform/required-config.ts';

const UNAVAILABLE = 'The shop is not available right now. Please try again later.';

/**
 * A deployment without its secrets or origins serves nothing (503) rather than signing tokens with
 * an empty key or building links to nowhere; each refused request logs which settings are missing.
 */
export const requireConfig = createMiddleware<AppEnv>(async (c, next) => {
  const missing = missingConfig(c.env);
  if (missing.length === 0) return next();
  log.error('required configuration missing: set it with wrangler secret put', undefined, { missing });
  c.header('Retry-After', '60');
  if (isApiPath(new URL(c.req.url).pathname)) return c.json(failure(503, ERROR_CODE.unavailable, UNAVAILABLE), 503);
  return c.text(UNAVAILABLE, 503);
});
