import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import { API } from '../../shared/api-routes.ts';
import { postalCodeSchema, postCodeField, verifyPostCodeBody } from '../../shared/api/shipping.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { verifyPostalCode, verifyShippingAddress } from './service.ts';

/**
 * The address-verification calls (§7): a postal code, then the address's state and city against it. §7
 * names them with the postal code in the path (`…/zipcode/{postCode}/verify`, `…/address/{postCode}/verify`);
 * the first paths the storefront used answer the same, with the postal code in the body.
 */

const verifyResult = z.object({
  valid: z.boolean(),
  stateMatches: z.boolean(),
  cityMatches: z.boolean().nullable(),
  message: z.string().nullable(),
  postalCode: postalCodeSchema,
});
const placeBody = z.object({
  state: z.string({ error: 'is required' }).max(64, 'can have up to 64 characters'),
  city: z.string().max(100, 'can have up to 100 characters').optional(),
});
const POST_CODE_SUMMARY =
  "Verify call 1 of 2: what the shop knows of a postal code of the site's market (§3 Postal code, plus stateCode); " +
  'deliverAble false for an unknown code or a state the address form lacks; 400 for a malformed code';
const ADDRESS_SUMMARY =
  'Verify call 2 of 2: whether the postal code is deliverable and belongs to the state (a code or name of the ' +
  'market); in the US the city is compared too, advisory only (cityMatches); message says what to fix';

const verifyPostCode = endpoint({
  ...API.postCodeVerify,
  tag: 'area',
  summary: POST_CODE_SUMMARY,
  body: verifyPostCodeBody,
  response: postalCodeSchema,
});
const verifyZipcode = endpoint({
  method: 'post',
  path: '/infra/public/buyer/area-dict/zipcode/:postCode/verify',
  tag: 'area',
  summary: `${POST_CODE_SUMMARY} (§7's path: the postal code in the path)`,
  response: postalCodeSchema,
});
const verifyAddress = endpoint({
  method: 'post',
  path: '/infra/public/buyer/area-dict/verify/address',
  tag: 'area',
  summary: ADDRESS_SUMMARY,
  body: placeBody.extend({ postCode: postCodeField }),
  response: verifyResult,
});
const verifyAddressAt = endpoint({
  method: 'post',
  path: '/infra/public/buyer/area-dict/address/:postCode/verify',
  tag: 'area',
  summary: `${ADDRESS_SUMMARY} (§7's path: the postal code in the path; body { state, city? })`,
  body: placeBody,
  response: verifyResult,
});

export const verifyEndpoints: readonly Endpoint[] = [verifyPostCode, verifyZipcode, verifyAddress, verifyAddressAt];

/** The postal code of a §7 path, checked as the body's would be. */
function pathPostCode(raw: string | undefined): string {
  const parsed = postCodeField.safeParse(decodeURIComponent(raw ?? ''));
  if (!parsed.success) throw ApiError.badRequest(`postCode ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
  return parsed.data;
}

export const verifyApi = new Hono<AppEnv>()
  .post(verifyPostCode.path, async (c) => {
    const { postCode } = await readBody(c, verifyPostCode);
    return c.json(ok(await verifyPostalCode(c.env.DB, c.var.market.id, postCode)));
  })
  .post(verifyZipcode.path, async (c) =>
    c.json(ok(await verifyPostalCode(c.env.DB, c.var.market.id, pathPostCode(c.req.param('postCode'))))),
  )
  .post(verifyAddress.path, async (c) => {
    const body = await readBody(c, verifyAddress);
    return c.json(ok(await verifyShippingAddress(c.env.DB, c.var.market, body)));
  })
  .post(verifyAddressAt.path, async (c) => {
    const postCode = pathPostCode(c.req.param('postCode'));
    const body = await readBody(c, verifyAddressAt);
    return c.json(ok(await verifyShippingAddress(c.env.DB, c.var.market, { ...body, postCode })));
  });
