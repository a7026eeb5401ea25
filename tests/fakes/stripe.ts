/**
 * A local fake of Stripe's API for tests: it parses every request with the shop's own contract
 * (worker/payments/contracts/stripe.ts) and builds every answer through the contract's schemas, so the
 * adapter and the fake cannot drift apart; it keeps PaymentIntents, Checkout Sessions and refunds in
 * memory, honours Idempotency-Key as Stripe documents it, and sends signed webhook events
 * (Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.body") the way Stripe does. A plain `(Request) => Response`
 * handler: tests in workerd call it as `fetch`, the browser tests serve it over HTTP.
 *
 * Test payment methods (Stripe's documented test tokens): pm_card_visa succeeds; pm_card_threeDSecure2Required
 * asks for authentication; pm_card_chargeDeclined (generic_decline), pm_card_chargeDeclinedInsufficientFunds
 * (insufficient_funds) and pm_card_chargeDeclinedLostCard (lost_card) are declined.
 */
import type * as z from 'zod';
import { decodeStripeForm } from '../../worker/payments/contracts/form.ts';
import * as stripe from '../../worker/payments/contracts/stripe.ts';
import { fakeStripeMoney } from './stripe-money.ts';
import { stripePages } from './stripe-pages.ts';

type Intent = z.infer<typeof stripe.paymentIntent>;
type Session = z.infer<typeof stripe.checkoutSession>;
type Refund = z.infer<typeof stripe.refund>;
type Failure = 'network' | { status: number; error: z.input<typeof stripe.stripeError> };

const DECLINES: Record<string, string> = {
  pm_card_chargeDeclined: 'generic_decline',
  pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds',
  pm_card_chargeDeclinedLostCard: 'lost_card',
};

export interface FakeStripeOptions {
  webhookSecret: string;
  /** Where signed events go (the shop's /order/public/payment/webhook/card); kept in `events` either way. */
  deliver?: (request: Request) => Promise<Response>;
  webhookUrl?: string;
  /** The fake's own origin, for the hosted page and redirect URLs it hands out. */
  origin?: string;
}

export function fakeStripe(options: FakeStripeOptions) {
  const origin = options.origin ?? 'http://stripe.fake';
  const intents = new Map<string, Intent>();
  const sessions = new Map<string, Session>();
  const refunds: Refund[] = [];
  const idempotent = new Map<string, { body: string; answer: Response }>();
  const failures: Failure[] = [];
  const calls: { method: string; path: string; params: Record<string, unknown>; idempotencyKey: string | null }[] = [];
  const events: z.infer<typeof stripe.event>[] = [];
  const nextId = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const money = fakeStripeMoney(nextId);

  const json = (schema: z.ZodType, body: unknown, status = 200) => Response.json(schema.parse(body), { status });
  const error = (status: number, body: z.input<typeof stripe.stripeError>) =>
    Response.json(stripe.errorBody.parse({ error: body }), { status });
  const notFound = (id: string) =>
    error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` });

  async function sign(body: string): Promise<string> {
    const t = Math.floor(Date.now() / 1000);
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(options.webhookSecret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${t}.${body}`));
    return `t=${t},v1=${[...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  }

  /** Builds, signs and (when the shop is wired) delivers an event; answers the signed request for replays. */
  async function emit(type: string, object: Record<string, unknown>): Promise<Request> {
    const event = stripe.event.parse({
      id: nextId('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    events.push(event);
    // A whole PaymentIntent that succeeded lands in the balance (a test's hand-made partial event does not).
    const intent = type === 'payment_intent.succeeded' ? stripe.paymentIntent.safeParse(object) : null;
    if (intent?.success) money.charged(intent.data);
    const body = JSON.stringify(event);
    const request = () =>
      new Request(options.webhookUrl ?? 'http://shop/order/public/payment/webhook/card', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body,
      });
    const signature = await sign(body);
    if (options.deliver) await (await options.deliver(request())).body?.cancel();
    return request();
  }

  const intentEvent = (intent: Intent): string | null =>
    ({
      succeeded: 'payment_intent.succeeded',
      requires_capture: 'payment_intent.amount_capturable_updated',
      processing: 'payment_intent.processing',
      canceled: 'payment_intent.canceled',
    })[intent.status as string] ?? null;

  /** Moves a PaymentIntent on as confirming it with `method` would, and emits its event. */
  async function confirmWith(intent: Intent, method: string | undefined, type?: string): Promise<Response> {
    const decline = method ? DECLINES[method] : undefined;
    if (decline) {
      const cardError = { type: 'card_error', code: 'card_declined', decline_code: decline };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: cardError });
      await emit('payment_intent.payment_failed', intent);
      return error(402, { ...cardError, message: 'Your card was declined.', payment_intent: intent });
    }
    if (method === 'pm_card_threeDSecure2Required' || (type && type !== 'card')) {
      const url = `${origin}/fake/redirect/${intent.id}`;
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { url, return_url: intent.metadata.return_url ?? null },
        },
      });
      return json(stripe.paymentIntent, intent);
    }
    await complete(intent);
    return json(stripe.paymentIntent, intent);
  }

  /** The shopper finished (3-D Secure, the BNPL provider's page, the hosted page): the payment succeeds. */
  async function complete(intent: Intent): Promise<void> {
    const manual = intent.capture_method === 'manual';
    Object.assign(intent, {
      status: manual ? 'requires_capture' : 'succeeded',
      amount_received: manual ? 0 : intent.amount,
      amount_capturable: manual ? intent.amount : 0,
      latest_charge: nextId('ch'),
      next_action: null,
      last_payment_error: null,
    });
    const type = intentEvent(intent);
    if (type) await emit(type, intent);
  }

  function newIntent(params: z.infer<typeof stripe.createIntentParams>): Intent {
    const id = nextId('pi');
    const intent = stripe.paymentIntent.parse({
      id,
      object: 'payment_intent',
      amount: params.amount,
      amount_received: 0,
      currency: params.currency,
      status: params.payment_method || params.payment_method_data ? 'requires_confirmation' : 'requires_payment_method',
      capture_method: params.capture_method,
      client_secret: `${id}_secret_fake`,
      metadata: { ...params.metadata, ...(params.return_url ? { return_url: params.return_url } : {}) },
      payment_method_types: params.payment_method_types,
      next_action: null,
      last_payment_error: null,
    });
    intents.set(id, intent);
    return intent;
  }

  type Route = (params: Record<string, unknown>, id: string) => Promise<Response>;
  const post: [RegExp, z.ZodType, Route][] = [
    [
      /^\/v1\/payment_intents$/,
      stripe.createIntentParams,
      async (params) => {
        const input = params as z.infer<typeof stripe.createIntentParams>;
        const intent = newIntent(input);
        if (!input.confirm) return json(stripe.paymentIntent, intent);
        return confirmWith(intent, input.payment_method, input.payment_method_data?.type);
      },
    ],
    [
      /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      stripe.confirmIntentParams,
      async (params, id) => {
        const intent = intents.get(id);
        if (!intent) return notFound(id);
        if (intent.status === 'succeeded' || intent.status === 'requires_capture' || intent.status === 'canceled')
          return error(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
        return confirmWith(intent, (params.payment_method as string | undefined) ?? 'pm_card_visa');
      },
    ],
    [
      /^\/v1\/payment_intents\/([^/]+)\/capture$/,
      stripe.captureIntentParams,
      async (params, id) => {
        const intent = intents.get(id);
        if (!intent) return notFound(id);
        if (intent.status !== 'requires_capture')
          return error(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
        Object.assign(intent, { status: 'succeeded', amount_received: params.amount_to_capture, amount_capturable: 0 });
        await emit('payment_intent.succeeded', intent);
        return json(stripe.paymentIntent, intent);
      },
    ],
    [
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      stripe.cancelIntentParams,
      async (_params, id) => {
        const intent = intents.get(id);
        if (!intent) return notFound(id);
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return error(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
        intent.status = 'canceled';
        await emit('payment_intent.canceled', intent);
        return json(stripe.paymentIntent, intent);
      },
    ],
    [
      /^\/v1\/refunds$/,
      stripe.createRefundParams,
      async (params) => {
        const input = params as z.infer<typeof stripe.createRefundParams>;
        const intent = intents.get(input.payment_intent);
        if (!intent) return notFound(input.payment_intent);
        const refunded = refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
        if (intent.status !== 'succeeded' || refunded + input.amount > (intent.amount_received ?? 0))
          return error(400, { type: 'invalid_request_error', code: 'charge_already_refunded' });
        const refund = stripe.refund.parse({
          id: nextId('re'),
          object: 'refund',
          amount: input.amount,
          currency: intent.currency,
          payment_intent: intent.id,
          charge: intent.latest_charge ?? null,
          status: 'succeeded',
          metadata: input.metadata,
        });
        refunds.push(refund);
        money.refunded(refund);
        await emit('refund.created', refund);
        const charge = {
          id: intent.latest_charge,
          object: 'charge',
          amount: intent.amount,
          amount_captured: intent.amount_received,
          amount_refunded: refunded + input.amount,
          currency: intent.currency,
          payment_intent: intent.id,
        };
        await emit('charge.refunded', stripe.charge.parse(charge));
        return json(stripe.refund, refund);
      },
    ],
    [
      /^\/v1\/checkout\/sessions$/,
      stripe.createSessionParams,
      async (params) => {
        const input = params as z.infer<typeof stripe.createSessionParams>;
        const id = nextId('cs_test');
        const session = stripe.checkoutSession.parse({
          id,
          object: 'checkout.session',
          url: `${origin}/fake/checkout/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: input.line_items[0]!.price_data.unit_amount * input.line_items[0]!.quantity,
          currency: input.line_items[0]!.price_data.currency,
          client_reference_id: input.client_reference_id,
          payment_intent: null,
          expires_at: input.expires_at,
          metadata: { ...input.metadata, success_url: input.success_url, cancel_url: input.cancel_url },
          capture_method: input.payment_intent_data.capture_method,
          intent_metadata: input.payment_intent_data.metadata,
        });
        sessions.set(id, session);
        return json(stripe.checkoutSession, session);
      },
    ],
    [
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      stripe.expireSessionParams,
      async (_params, id) => {
        const session = sessions.get(id);
        if (!session) return notFound(id);
        if (session.status !== 'open')
          return error(400, { type: 'invalid_request_error', code: 'checkout_session_not_open' });
        session.status = 'expired';
        await emit('checkout.session.expired', session);
        return json(stripe.checkoutSession, session);
      },
    ],
  ];

  /** The shopper pays on the hosted page: the session completes with a new PaymentIntent. */
  async function completeSession(id: string): Promise<Session | null> {
    const session = sessions.get(id);
    if (session?.status !== 'open') return session ?? null;
    const intent = newIntent({
      amount: session.amount_total!,
      currency: session.currency!,
      payment_method_types: ['card'],
      capture_method: (session.capture_method as 'automatic' | 'manual') ?? 'automatic',
      metadata: session.intent_metadata as Record<string, string>,
    });
    await complete(intent);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    await emit('checkout.session.completed', session);
    return session;
  }

  /**
   * Stripe.js's own call: a publishable key in the form (as Stripe.js sends it, so the browser needs no
   * preflight) may confirm one PaymentIntent, with that intent's client secret, and nothing else.
   */
  function browserCall(url: URL, key: unknown, params: Record<string, unknown>): boolean {
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key) || !confirm) return false;
    return intents.get(decodeURIComponent(confirm[1]!))?.client_secret === params.client_secret;
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/fake/') || url.pathname.startsWith('/v3'))
      return stripePages(request, { intents, sessions, complete, completeSession, emit, confirmWith });
    const body = request.method === 'POST' ? await request.text() : '';
    const idempotencyKey = request.headers.get('Idempotency-Key');
    const failure = failures.shift();
    if (failure === 'network') throw new TypeError('fetch failed');
    const { key, ...params } = decodeStripeForm(body);
    if (!/^Bearer sk_(test|live)_/.test(request.headers.get('Authorization') ?? '') && !browserCall(url, key, params))
      return error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    calls.push({ method: request.method, path: url.pathname, params, idempotencyKey });
    if (failure) return error(failure.status, failure.error);
    if (request.method === 'GET' && url.pathname === '/v1/balance_transactions')
      return Response.json(money.list(url.searchParams));
    if (request.method === 'GET') {
      const id = url.pathname.split('/').pop()!;
      const intent = intents.get(id);
      return intent ? json(stripe.paymentIntent, intent) : notFound(id);
    }
    const cacheKey = idempotencyKey ? `${url.pathname}|${idempotencyKey}` : null;
    const seen = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (seen && seen.body !== body)
      return error(400, {
        type: 'idempotency_error',
        message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      });
    if (seen) return seen.answer.clone();
    for (const [pattern, schema, route] of post) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      const parsed = schema.safeParse(params);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return error(400, {
          type: 'invalid_request_error',
          code: 'parameter_invalid',
          message: `${issue.path.join('.')}: ${issue.message}`,
        });
      }
      const answer = await route(parsed.data as Record<string, unknown>, decodeURIComponent(match[1] ?? ''));
      if (cacheKey) idempotent.set(cacheKey, { body, answer: answer.clone() });
      return answer;
    }
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${url.pathname})` });
  }

  return {
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init))) as typeof fetch,
    handle,
    calls,
    events,
    intents,
    sessions,
    refunds,
    /** Balance transactions (charges less fees, refunds), as GET /v1/balance_transactions lists them. */
    balance: money.transactions,
    /** Opens a chargeback on the intent's charge (`charge.dispute.created`); answers the dispute's id. */
    dispute: async (intentId: string, reason = 'fraudulent') => {
      const dispute = money.dispute(intents.get(intentId)!, 'needs_response', reason);
      await emit('charge.dispute.created', dispute);
      return dispute.id;
    },
    /** Closes a chargeback won or lost (`charge.dispute.closed`). */
    closeDispute: async (intentId: string, disputeId: string, status: 'won' | 'lost') => {
      await emit('charge.dispute.closed', money.dispute(intents.get(intentId)!, status, 'fraudulent', disputeId));
    },
    /** The next calls fail: unreachable ('network') or with Stripe's error answer. */
    failNext: (...next: Failure[]) => failures.push(...next),
    complete: async (intentId: string) => complete(intents.get(intentId)!),
    completeSession,
    emit,
    sign,
  };
}

export type FakeStripe = ReturnType<typeof fakeStripe>;
