import type * as z from 'zod';
import type { PaymentFailureReason } from '../../shared/payment-methods.ts';
import { errorBody, type stripeError } from './contracts/stripe.ts';
import { stripeForm } from './contracts/form.ts';
import type { PaymentEnv, ProviderRuntime } from './provider.ts';

/**
 * Stripe's HTTP API over `fetch`, through its contract (contracts/stripe.ts): every request is parsed
 * with its schema before it leaves, every answer with the schema of what it should be. A Workers-run
 * adapter of a few calls needs no SDK; the API base comes from env so tests run it against the fake.
 */

export const CARD_PROVIDER_DEFAULT_BASE = 'https://api.stripe.com';

export type StripeError = z.infer<typeof stripeError>;
/** What a call came back with: the parsed answer, or the HTTP status (0: unreachable) and Stripe's error. */
export type StripeAnswer<T> =
  | { ok: true; body: T }
  | { ok: false; status: number; error: StripeError | null; body?: unknown };

/** A decline is a card_error; its §8 code is decline_code when the issuer gave one, else the error code. */
export function declineCodeOf(error: StripeError | null | undefined): string | null {
  if (error?.type !== 'card_error') return null;
  return error.decline_code ?? error.code ?? 'generic_decline';
}

/** An unreachable or overloaded provider may still act on the call; anything else it refused outright. */
export function failureReason(httpStatus: number): PaymentFailureReason {
  return httpStatus === 0 || httpStatus === 429 || httpStatus >= 500 ? 'provider_error' : 'invalid_request';
}

export class StripeApi {
  readonly #env: PaymentEnv;
  readonly #runtime: ProviderRuntime;

  constructor(env: PaymentEnv, runtime: ProviderRuntime) {
    this.#env = env;
    this.#runtime = runtime;
  }

  #send(path: string, init: RequestInit): Promise<Response> {
    const base = (this.#env.CARD_PROVIDER_API_BASE || CARD_PROVIDER_DEFAULT_BASE).replace(/\/+$/, '');
    const send = this.#runtime.fetch ?? ((input: RequestInfo, options?: RequestInit) => fetch(input, options));
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${this.#env.CARD_PROVIDER_SECRET_KEY}`);
    return send(`${base}${path}`, { ...init, headers });
  }

  /**
   * POSTs `params` (parsed with `request` first: a request outside the contract never leaves) and reads
   * the answer with `response`. The idempotency key makes a retried call answer the first result.
   */
  async post<Req extends z.ZodType, Res extends z.ZodType>(
    path: string,
    request: Req,
    params: z.input<Req>,
    response: Res,
    idempotencyKey?: string,
  ): Promise<StripeAnswer<z.infer<Res>>> {
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const body = stripeForm(request.parse(params) as Record<string, never>);
    return this.#read(() => this.#send(path, { method: 'POST', headers, body }), response);
  }

  /** GETs a resource or a list, the query form-encoded as Stripe reads it. */
  get<Res extends z.ZodType>(path: string, query: Record<string, string>, response: Res) {
    const search = new URLSearchParams(query).toString();
    return this.#read(() => this.#send(`${path}${search ? `?${search}` : ''}`, { method: 'GET' }), response);
  }

  async #read<Res extends z.ZodType>(
    call: () => Promise<Response>,
    response: Res,
  ): Promise<StripeAnswer<z.infer<Res>>> {
    let answer: Response;
    try {
      answer = await call();
    } catch {
      return { ok: false, status: 0, error: null };
    }
    const body: unknown = await answer.json().catch(() => null);
    if (answer.ok) {
      const parsed = response.safeParse(body);
      // An answer outside the contract is the provider misbehaving: treated as an outage, never trusted.
      return parsed.success ? { ok: true, body: parsed.data } : { ok: false, status: 502, error: null, body };
    }
    const error = errorBody.safeParse(body);
    return { ok: false, status: answer.status, error: error.success ? error.data.error : null, body };
  }
}
