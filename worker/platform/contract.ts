import type { Context } from 'hono';
import * as z from 'zod';
import type { FieldProblem, FieldProblems } from '../../shared/validation.ts';
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

/**
 * Every field's first problem, its path ('address.postalCode') apart from its bare message, so a form
 * shows each at its field; the answer's msg keeps the §8 'field message' of the first for other callers.
 */
export function fieldProblemsOf(error: z.ZodError): FieldProblems {
  const errors: FieldProblem[] = [];
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    if (field && !errors.some((known) => known.field === field)) errors.push({ field, message: issue.message });
  }
  return { errors };
}

/** A 400 for a request whose fields break their rules: the first as msg, every one in data. */
export function invalidFields(error: z.ZodError): ApiError {
  return ApiError.badRequest(firstIssue(error), fieldProblemsOf(error));
}

/** A 400 for one field a service refused (a postal code outside its state): placed at that field like the rest. */
export function fieldError(field: string, message: string): ApiError {
  return ApiError.badRequest(`${field} ${message}`, { errors: [{ field, message }] } satisfies FieldProblems);
}

/** Parses the query of a request with the endpoint's schema; a bad query is a 400, never a 500. */
export function readQuery<Q extends z.ZodType>(c: Context, spec: Endpoint<Q>): z.infer<Q> {
  if (!spec.query) return {} as z.infer<Q>;
  const parsed = spec.query.safeParse(c.req.query());
  if (!parsed.success) throw invalidFields(parsed.error);
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
  if (!parsed.success) throw invalidFields(parsed.error);
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
