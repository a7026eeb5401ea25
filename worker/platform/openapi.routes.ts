import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../env.ts';
import { envelopeOf, type Endpoint } from './contract.ts';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function parametersOf(spec: Endpoint) {
  const pathParams = [...spec.path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (!spec.query) return pathParams;
  const query = jsonSchema(spec.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  const queryParams = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...pathParams, ...queryParams];
}

function operationOf(spec: Endpoint) {
  return {
    tags: [spec.tag],
    summary: spec.summary,
    parameters: parametersOf(spec),
    ...(spec.body && {
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } } },
    }),
    ...(spec.auth && { security: [{ bearer: [] }] }),
    responses: {
      200: {
        description: 'The §7 envelope',
        content: { 'application/json': { schema: jsonSchema(envelopeOf(spec.response), 'output') } },
      },
      400: { description: "A malformed request: msg is the first field error as 'field message'" },
      ...(spec.auth && { 401: { description: 'Login is invalid. Please log in again' } }),
    },
  };
}

/** The OpenAPI 3.1 document of the given endpoints, in their order: the contract of the shop's API. */
export function openApiDocument(endpoints: readonly Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of endpoints) {
    const path = spec.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [spec.method]: operationOf(spec) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AutoHaven shop API',
      version: '1.0.0',
      description: 'Every answer is the envelope { success, httpCode, data, msg, code }.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

/** Serves /openapi.json for the calls the app mounts, as app.ts lists them. */
export function openApiRoutes(endpoints: readonly Endpoint[]) {
  return new Hono<AppEnv>().get('/openapi.json', (c) => c.json(openApiDocument(endpoints)));
}
