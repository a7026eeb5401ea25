import { createMiddleware } from 'hono/factory';
import { requestId as honoRequestId } from 'hono/request-id';
import type { AppEnv } from '../env.ts';
import { withRequestId } from '../platform/log.ts';

/**
 * Cloudflare's ray id when there is one (it ties our lines to the platform's), else a random one.
 * A client's own X-Request-Id is not taken: log lines must not carry an id an attacker chose.
 */
const assignId = honoRequestId({
  headerName: '',
  generator: (c) => c.req.header('cf-ray') ?? crypto.randomUUID(),
});

/** Gives the request an id, answers it in X-Request-Id and puts it on every log line of the request. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  await assignId(c, async () => {});
  const id = c.var.requestId;
  c.header('X-Request-Id', id);
  await withRequestId(id, next);
});
