import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { VEHICLE_COOKIE } from '../../shared/browser-keys.ts';
import type { AppEnv } from '../env.ts';

const ID = /^\d{1,10}$/;

/** A positive node id from text, or null. */
function nodeId(text: string | undefined): number | null {
  if (!text || !ID.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2 ** 31 ? id : null;
}

/**
 * The vehicle a page is about: the query's attributeValueId when it names one, else the shopper's current vehicle
 * (the cookie the browser's garage keeps), else null. Unknown ids are the caller's to check (vehiclePath answers null).
 */
export function currentVehicleId(c: Context<AppEnv>): { id: number | null; fromQuery: boolean } {
  const asked = nodeId(c.req.query('attributeValueId'));
  if (asked) return { id: asked, fromQuery: true };
  return { id: nodeId(getCookie(c, VEHICLE_COOKIE)), fromQuery: false };
}
