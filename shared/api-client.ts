import type { ApiCall } from './api-routes.ts';
import { REQUEST_TIMEOUT_MS } from './constants.ts';
import type { ApiRejection } from './envelope.ts';
import { errorMessage } from './envelope.ts';
import { currentLocale } from './i18n/current.ts';

type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

export interface ApiClientOptions {
  baseUrl?: string;
  shopId: string;
  /** 10 s by default (§7); 0 means no timeout, for the separate long-running client. */
  timeoutMs?: number;
  getToken?: () => string | null | undefined;
  getVisitorKey?: () => string | null | undefined;
  getDiversionName?: () => string | null | undefined;
  /** A 401 answer: the caller clears stored state and token and goes to /login. */
  onUnauthorized?: () => void;
  /** A network error or time-out: the caller shows the service-exception notice. */
  onNetworkError?: (error: unknown) => void;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Tracking ids sent as headers when present in the payload (§7). */
  sessionId?: string;
  clientId?: string;
  headers?: Record<string, string>;
}

/** Options of one call besides its input: the path's ':name' values, and a query for a call that sends a body. */
export interface CallOptions extends Omit<RequestOptions, 'body'> {
  params?: Readonly<Record<string, string | number>>;
}

/** A call's input and options; the input may be left out when the call sends nothing. */
export type CallArgs<Req> = undefined extends Req
  ? [input?: Req, options?: CallOptions]
  : [input: Req, options?: CallOptions];

/** Serialises a query: arrays are comma-joined, empty values left out (§7). */
export function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A call's path with its ':name' segments filled in, each encoded; a missing one is a programming error. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Unwraps an answer (§7 Response handling): an envelope with success and httpCode gives its
 * data or rejects; an envelope with code 200 gives its data; anything else is returned raw.
 */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'success' in body && 'httpCode' in body) {
    const envelope = body as unknown as { success: boolean; data: T; code?: number | string };
    if (envelope.success) return envelope.data;
    throw rejection(body, envelope.code ?? 'ERROR');
  }
  if (body && typeof body === 'object' && (body as { code?: unknown }).code === 200) {
    return (body as { data: T }).data;
  }
  return body as T;
}

function rejection(body: unknown, code: number | string): ApiRejection {
  const data = body && typeof body === 'object' ? ((body as { data?: unknown }).data ?? null) : null;
  return { data, msg: errorMessage(body), code };
}

const UNREADABLE = Symbol('unreadable');

/** An answer's body: its JSON, null when it is empty (204), UNREADABLE when it is not JSON. */
function parsedBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

/** The one client every shop call goes through (§7). */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  function headersFor(request: RequestOptions, hasBody: boolean): Headers {
    // The shop answers in the page's language: its messages, fit sentences and discount reasons (issue 37).
    const language = currentLocale() === 'fr' ? 'fr-CA' : 'en';
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': language, shopId: options.shopId });
    if (hasBody) headers.set('Content-Type', 'application/json');
    const token = options.getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const visitorKey = options.getVisitorKey?.();
    if (visitorKey) headers.set('visitorKey', visitorKey);
    const diversion = options.getDiversionName?.();
    if (diversion) headers.set('diversionName', diversion);
    if (request.sessionId) headers.set('sessionId', request.sessionId);
    if (request.clientId) headers.set('clientId', request.clientId);
    for (const [key, value] of Object.entries(request.headers ?? {})) headers.set(key, value);
    return headers;
  }

  async function request<T>(method: string, path: string, request: RequestOptions = {}): Promise<T> {
    const url = `${options.baseUrl ?? ''}${path}${toQueryString(request.query)}`;
    const hasBody = request.body !== undefined && method !== 'GET';
    const signal = timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined;
    const networkFailure = (error: unknown): ApiRejection => {
      options.onNetworkError?.(error);
      return { data: null, msg: String((error as Error)?.message ?? error), code: 'NETWORK' };
    };
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method,
        headers: headersFor(request, hasBody),
        body: hasBody ? JSON.stringify(request.body) : undefined,
        signal,
      });
      // An answer cut off on its way (the time-out, the connection, the page being left) is a network failure: it
      // never resolves as an empty answer, which callers would take for data.
      text = await response.text();
    } catch (error) {
      throw networkFailure(error);
    }
    const parsed = parsedBody(text);
    // A success that is not JSON (a proxy's page) says nothing a caller could use: it is refused, not passed on.
    if (parsed === UNREADABLE && response.ok)
      throw { data: null, msg: `${response.status} ${response.statusText}`, code: 'BAD_ANSWER' } satisfies ApiRejection;
    const body = parsed === UNREADABLE ? null : parsed;
    if (response.status === 401) {
      options.onUnauthorized?.();
      throw rejection(body, 401);
    }
    if (!response.ok && !(body && typeof body === 'object' && 'success' in body)) {
      throw rejection(body ?? { msg: response.statusText }, response.status);
    }
    return unwrap<T>(body);
  }

  /**
   * Makes one call of the shop's table (shared/api-routes.ts): a GET or DELETE sends its input as the query,
   * the others as the JSON body; the answer comes typed.
   */
  function call<Req, Res>(route: ApiCall<Req, Res>, ...[input, rest = {}]: CallArgs<Req>): Promise<Res> {
    const { params, ...options } = rest;
    const path = fillPath(route.path, params);
    const method = route.method.toUpperCase();
    if (method === 'GET' || method === 'DELETE')
      return request<Res>(method, path, { ...options, query: input as Query });
    return request<Res>(method, path, { ...options, body: input });
  }

  return {
    request,
    call,
    get: <T>(path: string, query?: Query, rest?: Omit<RequestOptions, 'query'>) =>
      request<T>('GET', path, { ...rest, query }),
    post: <T>(path: string, body?: unknown, rest?: RequestOptions) => request<T>('POST', path, { ...rest, body }),
    put: <T>(path: string, body?: unknown, rest?: RequestOptions) => request<T>('PUT', path, { ...rest, body }),
    delete: <T>(path: string, query?: Query, rest?: RequestOptions) => request<T>('DELETE', path, { ...rest, query }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
