import type { Context } from 'hono';
import * as z from 'zod';
import { ApiError } from './api-error.ts';

/** One documented API call: the OpenAPI document is generated from these. */
export interface Endpoint<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** Hono path syntax (`:key`); shown as `{key}` in the document. */
  path: string;
  tag: string;
  summary: string;
  query?: Q;
  body?: B;
  response: z.ZodType;
  /** Needs a signed-in member's token. */
  auth?: boolean;
}

/**
 * Declares an endpoint with its schemas typed; the route file mounts a handler on its path and lists it
 * among the calls it documents. Registers nothing: app.ts hands every list to /openapi.json.
 */
export function endpoint<Q extends z.ZodType, B extends z.ZodType>(spec: Endpoint<Q, B>): Endpoint<Q, B> {
  return spec;
}

/** The first field error as 'field message' (§8). */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field ? `${field} ${issue.message}` : issue.message;
}

/** Parses the query of a request with the endpoint's schema; a bad query is a 400, never a 500. */
export function readQuery<Q extends z.ZodType>(c: Context, spec: Endpoint<Q>): z.infer<Q> {
  if (!spec.query) return {} as z.infer<Q>;
  const parsed = spec.query.safeParse(c.req.query());
  if (!parsed.success) throw ApiError.badRequest(firstIssue(parsed.error));
  return parsed.data;
}

/** Parses a JSON body with the endpoint's schema; malformed JSON is a 400 too. */
export async function readBody<B extends z.ZodType>(c: Context, spec: Endpoint<z.ZodType, B>): Promise<z.infer<B>> {
  if (!spec.body) return undefined as z.infer<B>;
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw ApiError.badRequest('body must be valid JSON');
  }
  const parsed = spec.body.safeParse(raw);
  if (!parsed.success) throw ApiError.badRequest(firstIssue(parsed.error));
  return parsed.data;
}

/** The §7 envelope's schema around a data schema, for the document. */
export function envelopeOf(data: z.ZodType) {
  return z.object({
    success: z.boolean(),
    httpCode: z.number().int(),
    data,
    msg: z.string(),
    code: z.union([z.number().int(), z.string()]),
  });
}
