import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line of one request shares: its id (also the X-Request-Id answer header). */
interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs a request's work with its id, so every log line written meanwhile carries it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return scope.run({ requestId }, work);
}

type Level = 'info' | 'warn' | 'error';

function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: { name: error.name, message: error.message, stack: error.stack } };
  return error === undefined ? {} : { error: String(error) };
}

function write(level: Level, message: string, fields: Record<string, unknown>): void {
  const requestId = scope.getStore()?.requestId;
  const line = JSON.stringify({ level, message, ...(requestId && { requestId }), ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

/** The Worker's logs: one JSON object per line (Workers Logs indexes its fields), with the request id. */
export const log = {
  info(message: string, fields: Record<string, unknown> = {}): void {
    write('info', message, fields);
  },
  warn(message: string, fields: Record<string, unknown> = {}): void {
    write('warn', message, fields);
  },
  /** An error line; an Error's name, message and stack become fields. */
  error(message: string, error?: unknown, fields: Record<string, unknown> = {}): void {
    write('error', message, { ...errorFields(error), ...fields });
  },
};
