import { decodeStripeForm } from '../../worker/tax/stripe-form.ts';
import { fakeAvatax } from './tax-fake-avatax.ts';
import { AVATAX_BASE, type FakeTaxServices, STRIPE_BASE } from './tax-fake-places.ts';
import { fakeStripe, stripeError } from './tax-fake-stripe.ts';

/**
 * Local fakes of Stripe Tax and Avalara AvaTax for the tests: each reads the shop's requests with
 * the schemas the adapters build them with, and answers through the schemas the adapters read
 * with, so a request or answer the real API would not take cannot pass here either. Their rates
 * are a small table of real places (a ZIP code's state, county, city and districts), with every
 * other place at its state's base rate, and Canada's taxes by province (tax-fake-places.ts). Each
 * keeps what it recorded, so a test reads the tax the service holds the shop liable for.
 */

export { AVATAX_BASE, type FakeTaxServices, PLACES, STRIPE_BASE } from './tax-fake-places.ts';
export { avataxLiability } from './tax-fake-avatax.ts';
export { stripeLiability } from './tax-fake-stripe.ts';

export function fakeTaxServices(): FakeTaxServices {
  const state: FakeTaxServices = {
    calls: [],
    down: null,
    stripe: { calculations: new Map(), transactions: new Map(), idempotent: new Map() },
    avatax: { documents: new Map() },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : new TextDecoder().decode(await request.arrayBuffer());
      const isStripe = url.origin === STRIPE_BASE;
      const body = isStripe ? decodeStripeForm(text) : text ? JSON.parse(text) : null;
      state.calls.push({ host: url.host, method: request.method, path: url.pathname, body });
      if (state.down === 'network') throw new TypeError('fetch failed');
      if (state.down === 'http-503') return Response.json({ error: { type: 'api_error' } }, { status: 503 });
      if (isStripe) {
        const key = request.headers.get('idempotency-key');
        const seen = key ? state.stripe.idempotent.get(key) : undefined;
        const asked = `${request.method} ${url.pathname} ${text}`;
        if (seen && seen.request !== asked)
          return stripeError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters',
          );
        if (seen) return new Response(seen.body, { status: seen.status, headers: { 'idempotent-replayed': 'true' } });
        const answer = fakeStripe(state, request.method, url, body as Record<string, unknown>);
        // Stripe keeps a key's answer unless the request never ran (a 5xx).
        if (key && answer.status < 500)
          state.stripe.idempotent.set(key, {
            request: asked,
            status: answer.status,
            body: await answer.clone().text(),
          });
        return answer;
      }
      if (url.origin === AVATAX_BASE) return fakeAvatax(state, request.method, url, body);
      throw new Error(`unexpected call to ${request.url}`);
    }) as typeof fetch,
  };
  return state;
}
