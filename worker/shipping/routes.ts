import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import { postalCodeProblem } from '../../shared/validation.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { areaAssociation, areaChildren, lookupPostalCode, quoteShipping } from './service.ts';
import { verifyApi, verifyEndpoints } from './verify.routes.ts';
import { endpoint, type Endpoint, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { postalCodeSchema, postCodeField } from '../../shared/api/shipping.ts';

const MAX_QUANTITY = 999;
const ID_PATTERN = /^\d{1,12}$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;

const areaSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  level: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
});
const moneySchema = z.object({ cent: z.number().int(), currency: z.enum(['USD', 'CAD']) });
const quotedOption = z.object({
  name: z.string(),
  firstFreight: z.number().int(),
  additionalFreight: z.number().int(),
  remoteFee: z.number().int(),
  /** Fewest and most business days in transit near the warehouse (the delivery estimate adds distance). */
  transitDays: z.tuple([z.number().int(), z.number().int()]),
  cost: moneySchema,
});

const children = endpoint({
  method: 'get',
  path: '/infra/public/area-dict/children/:id',
  tag: 'area',
  summary:
    'The area dictionary under an area: 0 gives the countries (2022 US, 2023 Canada), ' +
    'a country its states, provinces and territories, a state its cities; 404 for an unknown id',
  response: z.array(areaSchema),
});
const association = endpoint({
  method: 'get',
  path: '/infra/public/buyer/area-dict/association',
  tag: 'area',
  summary:
    "Type-ahead for the site's market: a keyword starting like a postal code matches postal codes, " +
    'any other matches city names by their start; up to 10',
  query: z.object({
    keyword: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'can have up to 64 characters'),
  }),
  response: z.array(
    z.object({ postCode: z.string(), cityName: z.string(), stateCode: z.string(), stateName: z.string() }),
  ),
});
/**
 * Whether the `ip` of a visitor call is the caller's own ('current' or its address): Cloudflare locates only
 * the caller, so another address has no answer. A malformed one is a 400.
 */
function ownAddress(c: Context<AppEnv>): boolean {
  const ip = c.req.param('ip') ?? '';
  if (ip !== 'current' && !IPV4.test(ip) && !(ip.includes(':') && IPV6.test(ip)))
    throw ApiError.badRequest("ip must be an IP address or 'current'");
  return ip === 'current' || ip === c.req.header('cf-connecting-ip');
}

const visitorSite = endpoint({
  method: 'get',
  path: '/infra/public/ip/:ip/site',
  tag: 'area',
  summary:
    "The visitor's location from Cloudflare's location of the request: the shop's site for the country " +
    "('us', 'ca', or null elsewhere), country, region and city codes; ip is 'current' or the caller's own " +
    'address (another address answers nulls)',
  response: z.object({
    site: z.enum(['us', 'ca']).nullable(),
    country: z.string().nullable(),
    region: z.string().nullable(),
    city: z.string().nullable(),
  }),
});
const visitorZip = endpoint({
  ...API.visitorPostCode,
  tag: 'area',
  summary:
    "The visitor's postal code from Cloudflare's location of the request, US site only " +
    "(null elsewhere, or when unknown); ip is 'current' or the caller's own address",
  response: postalCodeSchema.nullable(),
});
const shippingOptions = endpoint({
  method: 'get',
  path: '/order/public/buyer/shipping/options',
  tag: 'shipping',
  summary:
    "The site's shipping options, each with its cost for the quantity " +
    '(§9: first fee + (quantity - 1) x additional fee, ' +
    '+ the remote fee for a remote postal code), and the chosen one (Standard Shipping, else the cheapest)',
  query: z.object({
    postCode: postCodeField.optional(),
    quantity: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'cannot be negative')
      .max(MAX_QUANTITY, `can be at most ${MAX_QUANTITY}`)
      .default(1),
  }),
  response: z.object({
    quantity: z.number().int(),
    remote: z.boolean(),
    /** Why nothing is offered: the postal code is in an area the shop does not deliver to. */
    refusal: z.string().nullable(),
    options: z.array(quotedOption),
    chosen: quotedOption.nullable(),
  }),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const areaEndpoints: readonly Endpoint[] = [
  children,
  association,
  ...verifyEndpoints,
  visitorZip,
  visitorSite,
  shippingOptions,
];

/** The area dictionary, postal-code look-ups and shipping quotes (§3, §7, §9); public, no sign-in. */
export const areaApi = new Hono<AppEnv>()
  .get(children.path, async (c) => {
    const id = c.req.param('id') ?? '';
    if (!ID_PATTERN.test(id)) throw ApiError.badRequest('id must be a whole number (0 for the countries)');
    const areas = await areaChildren(c.env.DB, Number(id));
    if (!areas) throw ApiError.notFound(`No area with id ${id}`);
    return c.json(ok(areas));
  })
  .get(association.path, async (c) => {
    const { keyword } = readQuery(c, association);
    return c.json(ok(await areaAssociation(c.env.DB, c.var.market.id, keyword)));
  })
  .route('/', verifyApi)
  .get(visitorSite.path, (c) => {
    const own = ownAddress(c);
    c.header('Cache-Control', 'private, no-store');
    const cf = c.req.raw.cf;
    const text = (value: unknown) => (own && typeof value === 'string' && value ? value : null);
    const country = text(cf?.country);
    const site = country === 'US' ? 'us' : country === 'CA' ? 'ca' : null;
    return c.json(ok({ site, country, region: text(cf?.regionCode), city: text(cf?.city) }));
  })
  .get(visitorZip.path, async (c) => {
    const own = ownAddress(c);
    c.header('Cache-Control', 'private, no-store');
    const postalCode = c.req.raw.cf?.postalCode;
    if (c.var.market.id !== 'us' || !own || typeof postalCode !== 'string' || postalCodeProblem(postalCode, 'us'))
      return c.json(ok(null));
    return c.json(ok(await lookupPostalCode(c.env.DB, 'us', postalCode)));
  })
  .get(shippingOptions.path, (c) => {
    const { postCode, quantity } = readQuery(c, shippingOptions);
    return c.json(ok(quoteShipping(c.var.market.id, postCode, quantity)));
  });
