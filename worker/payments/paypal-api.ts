import type * as z from 'zod';
import { caches } from '../platform/caches.ts';
import { errorBody, tokenResponse, type PaypalError } from './contracts/paypal.ts';
import type { PaymentEnv, ProviderRuntime } from './provider.ts';

/**
 * PayPal's REST APIs over `fetch`, through its contract (contracts/paypal.ts): an OAuth 2.0 client
 * credentials token (kept per isolate until a minute before it expires), JSON requests parsed with
 * their schema before they leave, answers read with the schema of what they should be, and
 * PayPal-Request-Id on every call that moves money so a retry answers the first result.
 */

export const PAYPAL_DEFAULT_BASE = 'https://api-m.paypal.com';

export type PaypalAnswer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; error: PaypalError | null };

/** The first issue PayPal names in a refusal (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED …), or its error name. */
export function issueOf(error: PaypalError | null): string | null {
  return error?.details?.[0]?.issue ?? error?.name ?? null;
}

export class PaypalApi {
  readonly #env: PaymentEnv;
  readonly #runtime: ProviderRuntime;

  constructor(env: PaymentEnv, runtime: ProviderRuntime) {
    this.#env = env;
    this.#runtime = runtime;
  }

  get base(): string {
    return (this.#env.PAYPAL_API_BASE || PAYPAL_DEFAULT_BASE).replace(/\/+$/, '');
  }

  #fetch(path: string, init: RequestInit): Promise<Response> {
    const send = this.#runtime.fetch ?? ((input: RequestInfo, options?: RequestInit) => fetch(input, options));
    return send(`${this.base}${path}`, init);
  }

  async #token(): Promise<string | null> {
    const id = this.#env.PAYPAL_CLIENT_ID ?? '';
    const now = Date.now();
    const kept = caches.paypalTokens.get(`${this.base}|${id}`);
    if (kept && kept.expires > now) return kept.token;
    const basic = btoa(`${id}:${this.#env.PAYPAL_CLIENT_SECRET ?? ''}`);
    try {
      const answer = await this.#fetch('/v1/oauth2/token', {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      const parsed = tokenResponse.safeParse(await answer.json().catch(() => null));
      if (!answer.ok || !parsed.success) return null;
      const expires = now + (parsed.data.expires_in - 60) * 1000;
      caches.paypalTokens.set(`${this.base}|${id}`, { token: parsed.data.access_token, expires });
      return parsed.data.access_token;
    } catch {
      return null;
    }
  }

  /** Sends a JSON call (its body parsed with `request` first) and reads the answer with `response`. */
  async call<Req extends z.ZodType, Res extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    request: Req | null,
    body: z.input<Req> | null,
    response: Res,
    requestId?: string,
  ): Promise<PaypalAnswer<z.infer<Res>>> {
    const token = await this.#token();
    if (!token) return { ok: false, status: 0, error: null };
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    };
    if (requestId) headers['PayPal-Request-Id'] = requestId;
    const payload = request ? JSON.stringify(request.parse(body)) : undefined;
    let answer: Response;
    try {
      answer = await this.#fetch(path, { method, headers, body: payload });
    } catch {
      return { ok: false, status: 0, error: null };
    }
    if (answer.status === 204)
      return response.safeParse({}).success
        ? { ok: true, status: 204, body: response.parse({}) }
        : { ok: false, status: 502, error: null };
    const json: unknown = await answer.json().catch(() => null);
    if (answer.ok) {
      const parsed = response.safeParse(json);
      return parsed.success
        ? { ok: true, status: answer.status, body: parsed.data }
        : { ok: false, status: 502, error: null };
    }
    const error = errorBody.safeParse(json);
    return { ok: false, status: answer.status, error: error.success ? error.data : null };
  }

  /** Fetches a webhook signing certificate (only from PayPal's own hosts: the caller checked the URL). */
  async certificate(url: string): Promise<string | null> {
    try {
      const send = this.#runtime.fetch ?? ((input: RequestInfo, options?: RequestInit) => fetch(input, options));
      const answer = await send(url, { method: 'GET' });
      return answer.ok ? await answer.text() : null;
    } catch {
      return null;
    }
  }
}
