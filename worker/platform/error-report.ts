import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { log } from './log.ts';

/** A failure worth reporting (§8: 500, 502, 503, 504 and uncaught Worker errors). */
export interface ErrorReport {
  requestId: string;
  method: string;
  url: string;
  status: number;
  name: string;
  message: string;
  stack?: string;
  at: number;
}

/** Where a Sentry-compatible service takes events: parsed from its DSN, or null when the DSN is malformed. */
export function sentryTarget(dsn: string): { url: string; key: string } | null {
  try {
    const parsed = new URL(dsn);
    const projectId = parsed.pathname.split('/').filter(Boolean).pop();
    if (!parsed.username || !projectId || !/^https?:$/.test(parsed.protocol)) return null;
    const prefix = parsed.pathname.slice(0, parsed.pathname.lastIndexOf('/'));
    return { url: `${parsed.protocol}//${parsed.host}${prefix}/api/${projectId}/envelope/`, key: parsed.username };
  } catch {
    return null;
  }
}

/** The Sentry envelope (one event item) of a report: tagged with the request id, without the query string. */
export function sentryEnvelope(report: ErrorReport, dsn: string, eventId = crypto.randomUUID().replaceAll('-', '')) {
  const url = new URL(report.url);
  const event = {
    event_id: eventId,
    timestamp: report.at / 1000,
    platform: 'javascript',
    level: 'error',
    logger: 'worker',
    tags: { request_id: report.requestId, status: String(report.status) },
    request: { method: report.method, url: `${url.origin}${url.pathname}` },
    exception: { values: [{ type: report.name, value: report.message }] },
    extra: report.stack ? { stack: report.stack.slice(0, 4000) } : undefined,
  };
  const header = { event_id: eventId, sent_at: new Date(report.at).toISOString(), dsn };
  return `${JSON.stringify(header)}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(event)}\n`;
}

/**
 * Sends a report to a Sentry-compatible service (a fetch to its envelope endpoint; no SDK needed). Off
 * when no DSN is set; a malformed DSN or an unreachable service is logged, never thrown.
 */
export async function sendErrorReport(
  dsn: string | undefined,
  report: ErrorReport,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  if (!dsn) return false;
  const target = sentryTarget(dsn);
  if (!target) {
    log.warn('error report not sent: malformed SENTRY_DSN');
    return false;
  }
  try {
    const answer = await fetcher(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${target.key}, sentry_client=autohaven-worker/1`,
      },
      body: sentryEnvelope(report, dsn),
    });
    return answer.ok;
  } catch (cause) {
    log.warn('error report not sent', { cause: String(cause) });
    return false;
  }
}

function keepAlive(c: Context<AppEnv>, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (an in-process request): the work goes on by itself.
  }
}

/**
 * The error-reporting hook: a request the Worker failed is logged (JSON, with its request id), queued on
 * EVENTS beside the browser's error events, and sent to the error-reporting service when SENTRY_DSN is
 * set. Only the error's name and message travel on the queue; the stack stays in the log and the report.
 * Reporting never fails the answer.
 */
export function reportServerError(c: Context<AppEnv>, what: string, error: unknown, status = 500): void {
  reported.add(c.req.raw);
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
  if (settled) keepAlive(c, settled);
  const dsn = c.env.SENTRY_DSN;
  if (!dsn) return;
  const report: ErrorReport = {
    requestId: c.var.requestId ?? '',
    method: c.req.method,
    url: c.req.url,
    status,
    name: failure.name,
    message: failure.message.slice(0, 500),
    stack: failure.stack,
    at: Date.now(),
  };
  keepAlive(c, sendErrorReport(dsn, report));
}

/** The answers §8 reports: 500, 502, 503 and 504. */
const REPORTED_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);
/** The shop's own error pages: showing one is not a failure (the failure that led there was reported). */
const ERROR_PAGE_PATHS: ReadonlySet<string> = new Set(['/500', '/504']);
/** Requests already reported (an uncaught error), so their 500 answer is not reported twice. */
const reported = new WeakSet<Request>();

/** An answer of a reported status that no uncaught error explains (the maintenance 503, a mapped timeout). */
export class ServerAnswerError extends Error {
  override name = 'ServerAnswer';
}

/**
 * Reports every 500, 502, 503 or 504 answer (§8), not only uncaught errors: a deployment answering 503, an
 * upstream timeout answered 504, a provider that is down answered 503. Sent like an uncaught error (log,
 * EVENTS, the error-reporting service when SENTRY_DSN is set) with the request id and the status. Mounted
 * first, so it sees the answers of every middleware after it.
 */
export const reportFailedAnswers = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const status = c.res.status;
  if (!REPORTED_STATUSES.has(status) || reported.has(c.req.raw)) return;
  const path = new URL(c.req.url).pathname;
  if (ERROR_PAGE_PATHS.has(path)) return;
  reportServerError(c, 'failed answer', new ServerAnswerError(`${c.req.method} ${path} answered ${status}`), status);
});
