import { Hono } from 'hono';
import { EXEMPTION_KEY_PREFIX } from '../../shared/tax-exemptions.ts';
import type { AppEnv } from '../env.ts';
import { MEDIA_PATH } from '../../shared/constants.ts';

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

/**
 * Private R2 folders: a return's evidence is served only through its signed link (worker/returns), a
 * member's tax exemption certificate only to its member and staff (worker/tax).
 */
const PRIVATE_PREFIXES = ['returns/', EXEMPTION_KEY_PREFIX];

/** The shop's public files kept in R2 (installation videos, review photos), served with caching. */
export const media = new Hono<AppEnv>().get(`${MEDIA_PATH}*`, async (c) => {
  const key = new URL(c.req.url).pathname.slice(MEDIA_PATH.length);
  if (!KEY.test(key) || key.includes('..')) return c.notFound();
  if (PRIVATE_PREFIXES.some((prefix) => key.toLowerCase().startsWith(prefix))) return c.notFound();
  const ranged = c.req.raw.headers.has('range');
  const object = await c.env.MEDIA.get(key, {
    range: ranged ? c.req.raw.headers : undefined,
    onlyIf: c.req.raw.headers,
  });
  if (!object) return c.notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', 'public, max-age=86400');
  headers.set('Accept-Ranges', 'bytes');
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  if (ranged && object.range && 'offset' in object.range) {
    const end = (object.range.offset ?? 0) + (object.range.length ?? object.size) - 1;
    headers.set('Content-Range', `bytes ${object.range.offset ?? 0}-${end}/${object.size}`);
    return new Response(object.body, { status: 206, headers });
  }
  return new Response(object.body, { status: 200, headers });
});
