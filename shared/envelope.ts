/** The response envelope every shop API call answers with (spec §7). */
export interface Envelope<T> {
  success: boolean;
  httpCode: number;
  data: T;
  msg: string;
  code: number;
}

export function ok<T>(data: T): Envelope<T> {
  return { success: true, httpCode: 200, data, msg: 'success', code: 200 };
}

export function failure(httpCode: number, code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { success: false, httpCode, data, msg, code };
}

/** A rejection of the API client: what the server said, never a raw Error (§7). */
export interface ApiRejection {
  data: unknown;
  msg: string;
  code: number | string;
}

interface FieldError {
  field?: string;
  message?: string;
}

/**
 * Picks the message to show for an error (§8): its message; else the first field error as
 * 'field message'; else error.message.
 */
export function errorMessage(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const record = body as { msg?: unknown; message?: unknown; errors?: unknown; error?: { message?: unknown } };
  if (typeof record.msg === 'string' && record.msg) return record.msg;
  if (Array.isArray(record.errors) && record.errors.length > 0) {
    const first = record.errors[0] as FieldError;
    if (first?.field || first?.message) return `${first.field ?? ''} ${first.message ?? ''}`.trim();
  }
  if (typeof record.message === 'string' && record.message) return record.message;
  if (typeof record.error?.message === 'string') return record.error.message;
  return '';
}
