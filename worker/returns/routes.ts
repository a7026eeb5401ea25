import { type Context, Hono } from 'hono';
import * as z from 'zod';
import {
  addEvidenceBody,
  multipartAnswer,
  multipartBody,
  multipartCreateBody,
  partQuery,
  returnAnswer,
  returnOptionsAnswer,
  returnOptionsQuery,
  returnQuery,
  uploadQuery,
  uploadAnswer,
} from '../../shared/api/returns.ts';
import { failure, ok } from '../../shared/envelope.ts';

import type { AppEnv } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderAccessOf } from '../orders/http.ts';
import { endpoint, type Endpoint, invalidFields, readBody, readQuery } from '../platform/contract.ts';
import { evidenceFileResponse } from './evidence-response.ts';
import {
  abortMultipart,
  addReturnEvidence,
  completeMultipart,
  evidenceObject,
  multipartState,
  openMultipart,
  orderOfReturn,
  returnOptions,
  shopperReturn,
  storeEvidence,
  storePart,
} from './service.ts';

/**
 * A shopper's returns (issue 20). The JSON calls sit with the other order calls; the file bytes
 * go to /return-evidence, outside the JSON API, as a raw body (the API takes JSON only), and the
 * files come back from there to a signed link only.
 */

const tag = 'returns';
const read = endpoint({
  method: 'get',
  path: '/order/public/returns/:rma',
  tag,
  summary: "A return of the caller's order, its history, and links to its evidence valid for 10 minutes",
  query: returnQuery,
  response: returnAnswer,
});
const options = endpoint({
  method: 'get',
  path: '/order/public/returns/options',
  tag,
  summary:
    "What the caller's order can return: each shipped line's units left and window, the fit it was sold with, " +
    'the vehicles to start "Part doesn\'t fit" from, and its returns so far',
  query: returnOptionsQuery,
  response: returnOptionsAnswer,
});
const moreEvidence = endpoint({
  method: 'post',
  path: '/order/public/returns/:rma/evidence',
  tag,
  summary: 'Add files (uploadIds) to a return the shop asked more evidence for; it goes back to the shop',
  body: addEvidenceBody,
  response: returnAnswer,
});
const multipartOpen = endpoint({
  method: 'post',
  path: '/order/public/returns/uploads/multipart',
  tag,
  summary: 'Open a resumable upload (a video); its parts go to PUT /return-evidence/multipart/{uploadId}/{partNumber}',
  body: multipartCreateBody,
  response: multipartAnswer,
});
const multipartParts = endpoint({
  method: 'get',
  path: '/order/public/returns/uploads/multipart/:uploadId',
  tag,
  summary: 'The parts of an open resumable upload received so far, to carry on after an interruption',
  query: partQuery,
  response: multipartAnswer,
});
const multipartComplete = endpoint({
  method: 'post',
  path: '/order/public/returns/uploads/multipart/complete',
  tag,
  summary: 'Finish a resumable upload from its parts; answers the stored file',
  body: multipartBody,
  response: uploadAnswer,
});
const multipartAbort = endpoint({
  method: 'post',
  path: '/order/public/returns/uploads/multipart/abort',
  tag,
  summary: 'Abandon a resumable upload',
  body: multipartBody,
  response: z.null(),
});

/** The calls this module mounts, as /openapi.json documents them (the byte paths are not JSON calls). */
export const returnsEndpoints: readonly Endpoint[] = [
  options,
  read,
  moreEvidence,
  multipartOpen,
  multipartParts,
  multipartComplete,
  multipartAbort,
];

/** Who is asking about an order: the IP, a member's session, a guest's token (given, or left by the order's link). */
const accessOf = (c: Context<AppEnv>, orderId: string, token: string | undefined) =>
  orderAccessOf(c, { orderId, orderToken: token });
/** Who is asking about a return: as for its order, whose token the link left is looked for by the RMA number. */
async function callerOf(c: Context<AppEnv>, token: string | undefined, rma: string) {
  const orderId = c.var.member ? '' : ((await orderOfReturn(c.env.DB, rma)) ?? '');
  const access = orderAccessOf(c, { orderId, orderToken: token });
  return { ip: access.ip, accountId: access.accountId, token: access.token, keptToken: access.keptToken };
}

/** The byte paths are not API paths, so they answer their refusals in the §7 envelope themselves. */
async function enveloped(c: Context<AppEnv>, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return c.json(failure(error.httpCode, error.code, error.message, error.data), error.httpCode as 400);
  }
}

const evidenceLink = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });

/** The query of a byte path, by its schema; a bad one is a 400. */
function queryOf<Q extends z.ZodType>(c: Context<AppEnv>, schema: Q): z.infer<Q> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw invalidFields(parsed.error);
  return parsed.data;
}

export const returnsApi = new Hono<AppEnv>()
  .get(options.path, async (c) => {
    const query = readQuery(c, options);
    return c.json(ok(await returnOptions(c.env, accessOf(c, query.orderId, query.orderToken), Date.now())));
  })
  .post(moreEvidence.path, async (c) => {
    const body = await readBody(c, moreEvidence);
    const rma = (c.req.param('rma') ?? '').toUpperCase();
    return c.json(ok(await addReturnEvidence(c.env, rma, await callerOf(c, body.orderToken, rma), body, Date.now())));
  })
  .get(read.path, async (c) => {
    const { orderToken } = readQuery(c, read);
    const rma = c.req.param('rma') ?? '';
    return c.json(ok(await shopperReturn(c.env, rma, await callerOf(c, orderToken, rma), Date.now())));
  })
  .post(multipartOpen.path, async (c) => {
    const body = await readBody(c, multipartOpen);
    return c.json(ok(await openMultipart(c.env, accessOf(c, body.orderId, body.orderToken), body.name, Date.now())));
  })
  .get(multipartParts.path, async (c) => {
    const query = readQuery(c, multipartParts);
    const access = accessOf(c, query.orderId, query.orderToken);
    return c.json(ok(await multipartState(c.env, access, c.req.param('uploadId') ?? '', Date.now())));
  })
  .post(multipartComplete.path, async (c) => {
    const body = await readBody(c, multipartComplete);
    const access = accessOf(c, body.orderId, body.orderToken);
    return c.json(ok(await completeMultipart(c.env, access, body.uploadId, Date.now())));
  })
  .post(multipartAbort.path, async (c) => {
    const body = await readBody(c, multipartAbort);
    const access = accessOf(c, body.orderId, body.orderToken);
    return c.json(ok(await abortMultipart(c.env, access, body.uploadId, Date.now())));
  })
  .post('/return-evidence', (c) =>
    enveloped(c, async () => {
      const query = queryOf(c, uploadQuery);
      const file = { name: query.name, body: c.req.raw.body, length: c.req.header('content-length') };
      const stored = await storeEvidence(c.env, accessOf(c, query.orderId, query.orderToken), file, Date.now());
      return c.json(ok(stored), 201);
    }),
  )
  .put('/return-evidence/multipart/:uploadId/:partNumber', (c) =>
    enveloped(c, async () => {
      const query = queryOf(c, partQuery);
      const target = { uploadId: c.req.param('uploadId'), partNumber: Number(c.req.param('partNumber')) };
      const bytes = { body: c.req.raw.body, length: c.req.header('content-length') };
      const access = accessOf(c, query.orderId, query.orderToken);
      return c.json(ok(await storePart(c.env, access, target, bytes, Date.now())));
    }),
  )
  .get('/return-evidence/:uploadId', (c) =>
    enveloped(c, async () => {
      const link = queryOf(c, evidenceLink);
      const range = c.req.raw.headers.has('range') ? c.req.raw.headers : undefined;
      const accountId = c.var.member?.accountId ?? null;
      const found = await evidenceObject(c.env, c.req.param('uploadId'), { ...link, accountId, range }, Date.now());
      return evidenceFileResponse(found, range !== undefined, 'private, max-age=600');
    }),
  );
