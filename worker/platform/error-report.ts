import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { log } from './log.ts';

/**
 * The error-reporting hook: a request the Worker failed is logged (JSON, with its request id) and
 * queued on EVENTS beside the browser's error events, where the tracking consumer takes it to the
 * shop's sink. Only the error's name and message travel; the stack stays in the log. Reporting
 * never fails the answer.
 */
export function reportServerError(c: Context<AppEnv>, what: string, error: unknown): void {
  const path = new URL(c.req.url).pathname;
  log.error(what, error, { path });
  const failure = error instanceof Error ? error : new Error(String(error));
  const sent = c.env.EVENTS?.send({
    kind: 'server-error',
    requestId: c.var.requestId ?? '',
    method: c.req.method,
    path,
    name: failure.name,
    message: failure.message.slice(0, 500),
    at: Date.now(),
  });
  const settled = sent?.catch((cause: unknown) => log.warn('error report not queued', { cause: String(cause) }));
  if (!settled) return;
  try {
    c.executionCtx.waitUntil(settled);
  } catch {
    // No execution context (an in-process request): the send goes on by itself.
  }
}
