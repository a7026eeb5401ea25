/**
 * A local fake of PayPal's REST APIs for tests: OAuth client credentials, Orders v2 (create, capture,
 * authorize), Payments v2 (authorization capture and void, capture refund), PayPal-Request-Id
 * idempotency, and webhook deliveries signed the way PayPal signs them (SHA256withRSA over
 * "transmission id|time|webhook id|crc32(body)", with a certificate served at PAYPAL-CERT-URL). Every
 * request is parsed with the shop's contract (worker/payments/contracts/paypal.ts) and every answer
 * built through it. A plain `(Request) => Response` handler, like the Stripe fake.
 */
import type * as z from 'zod';
import * as paypal from '../../worker/payments/contracts/paypal.ts';
import { signedText } from '../../worker/payments/paypal-signature.ts';
import { paypalPages } from './paypal-pages.ts';
import { selfSignedCertificate } from './x509.ts';

type Order = z.infer<typeof paypal.order> & { request: z.infer<typeof paypal.createOrderRequest> };
type Capture = z.infer<typeof paypal.capture>;
type Failure = 'network' | { status: number; name: string; issue?: string };

export interface FakePaypalOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  origin?: string;
  deliver?: (request: Request) => Promise<Response>;
  webhookUrl?: string;
}

export async function fakePaypal(options: FakePaypalOptions) {
  const origin = options.origin ?? 'http://paypal.fake';
  const cert = await selfSignedCertificate('messageverificationcerts.paypal.com');
  const certUrl = `${origin}/v1/notifications/certs/CERT-${crypto.randomUUID()}`;
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture & { refunded: number; orderId: string }>();
  const authorizations = new Map<string, { id: string; orderId: string; status: string }>();
  const idempotent = new Map<string, Response>();
  const failures: Failure[] = [];
  const declines: string[] = [];
  const calls: { method: string; path: string; body: unknown; requestId: string | null }[] = [];
  const events: z.infer<typeof paypal.webhookEvent>[] = [];
  const id = (length = 17) => crypto.randomUUID().replaceAll('-', '').toUpperCase().slice(0, length);
  const json = (schema: z.ZodType, body: unknown, status = 200) => Response.json(schema.parse(body), { status });
  const error = (status: number, name: string, issue?: string) =>
    Response.json(paypal.errorBody.parse({ name, debug_id: id(13), details: issue ? [{ issue }] : undefined }), {
      status,
    });

  /** Signs and (when the shop is wired) delivers an event; answers the signed request for replays and forgeries. */
  async function emit(eventType: string, resource: Record<string, unknown>, at = new Date()): Promise<Request> {
    const event = paypal.webhookEvent.parse({
      id: `WH-${id()}`,
      create_time: at.toISOString(),
      resource_type: eventType.split('.')[1]?.toLowerCase(),
      event_version: '1.0',
      event_type: eventType,
      resource,
    });
    events.push(event);
    const body = JSON.stringify(event);
    const transmissionId = crypto.randomUUID();
    const time = at.toISOString();
    const text = new TextEncoder().encode(signedText(transmissionId, time, options.webhookId, body));
    const sig = new Uint8Array(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', cert.privateKey, text));
    const headers = {
      'Content-Type': 'application/json',
      'PAYPAL-TRANSMISSION-ID': transmissionId,
      'PAYPAL-TRANSMISSION-TIME': time,
      'PAYPAL-TRANSMISSION-SIG': btoa(String.fromCharCode(...sig)),
      'PAYPAL-CERT-URL': certUrl,
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
    };
    const request = () =>
      new Request(options.webhookUrl ?? 'http://shop/order/public/payment/webhook/paypal', {
        method: 'POST',
        headers,
        body,
      });
    if (options.deliver) await (await options.deliver(request())).body?.cancel();
    return request();
  }

  const unit = (order: Order) => order.request.purchase_units[0]!;
  const represent = (order: Order) => {
    const { request: _request, ...body } = order;
    return paypal.order.parse(body);
  };

  async function newCapture(order: Order, amount: z.infer<typeof paypal.money>, authorizationId?: string) {
    const capture = paypal.capture.parse({
      id: id(),
      status: 'COMPLETED',
      amount,
      custom_id: unit(order).custom_id,
      invoice_id: unit(order).invoice_id,
      final_capture: true,
      seller_receivable_breakdown: {
        gross_amount: amount,
        paypal_fee: {
          currency_code: amount.currency_code,
          value: paypal.toPaypalValue(Math.round(paypal.fromPaypalValue(amount.value) * 0.0349) + 49),
        },
      },
      supplementary_data: {
        related_ids: { order_id: order.id, ...(authorizationId ? { authorization_id: authorizationId } : {}) },
      },
    });
    captures.set(capture.id, { ...capture, refunded: 0, orderId: order.id });
    await emit('PAYMENT.CAPTURE.COMPLETED', capture);
    return capture;
  }

  type Route = [string, RegExp, z.ZodType | null, (body: never, match: string) => Promise<Response>];
  const routes: Route[] = [
    [
      'POST',
      /^\/v2\/checkout\/orders$/,
      paypal.createOrderRequest,
      async (body: z.infer<typeof paypal.createOrderRequest>) => {
        const order: Order = {
          id: id(),
          status: 'PAYER_ACTION_REQUIRED',
          intent: body.intent,
          purchase_units: body.purchase_units.map((unit) => ({ ...unit, reference_id: 'default' })),
          links: [
            { href: `${origin}/v2/checkout/orders/ID`, rel: 'self', method: 'GET' },
            { href: `${origin}/fake/approve/ID`, rel: 'payer-action', method: 'GET' },
          ],
          request: body,
        };
        for (const link of order.links!) link.href = link.href.replace('ID', order.id);
        orders.set(order.id, order);
        return json(paypal.order, represent(order), 201);
      },
    ],
    [
      'POST',
      /^\/v2\/checkout\/orders\/([^/]+)\/(capture|authorize)$/,
      paypal.confirmOrderRequest,
      async (_body, orderId) => {
        const [idPart, step] = orderId.split('|') as [string, string];
        const order = orders.get(idPart);
        if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        if (order.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        const decline = declines.shift();
        if (decline) return error(422, 'UNPROCESSABLE_ENTITY', decline);
        order.status = 'COMPLETED';
        const amount = unit(order).amount;
        if (step === 'capture') order.purchase_units![0]!.payments = { captures: [await newCapture(order, amount)] };
        else {
          const authorization = paypal.authorization.parse({
            id: id(),
            status: 'CREATED',
            amount,
            custom_id: unit(order).custom_id,
            invoice_id: unit(order).invoice_id,
          });
          authorizations.set(authorization.id, { id: authorization.id, orderId: order.id, status: 'CREATED' });
          order.purchase_units![0]!.payments = { authorizations: [authorization] };
          await emit('PAYMENT.AUTHORIZATION.CREATED', authorization);
        }
        return json(paypal.order, represent(order), 201);
      },
    ],
    [
      'POST',
      /^\/v2\/payments\/authorizations\/([^/]+)\/capture$/,
      paypal.captureAuthorizationRequest,
      async (body: z.infer<typeof paypal.captureAuthorizationRequest>, authId) => {
        const authorization = authorizations.get(authId);
        if (!authorization) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (authorization.status !== 'CREATED')
          return error(422, 'UNPROCESSABLE_ENTITY', 'AUTHORIZATION_ALREADY_CAPTURED');
        authorization.status = 'CAPTURED';
        return json(paypal.capture, await newCapture(orders.get(authorization.orderId)!, body.amount, authId), 201);
      },
    ],
    [
      'POST',
      /^\/v2\/payments\/authorizations\/([^/]+)\/void$/,
      paypal.confirmOrderRequest,
      async (_body, authId) => {
        const authorization = authorizations.get(authId);
        if (!authorization) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (authorization.status === 'VOIDED') return error(422, 'UNPROCESSABLE_ENTITY', 'PREVIOUSLY_VOIDED');
        if (authorization.status !== 'CREATED') return error(422, 'UNPROCESSABLE_ENTITY', 'CANNOT_BE_VOIDED');
        authorization.status = 'VOIDED';
        const order = orders.get(authorization.orderId)!;
        await emit('PAYMENT.AUTHORIZATION.VOIDED', {
          id: authId,
          status: 'VOIDED',
          amount: unit(order).amount,
          custom_id: unit(order).custom_id,
        });
        return new Response(null, { status: 204 });
      },
    ],
    [
      'POST',
      /^\/v2\/payments\/captures\/([^/]+)\/refund$/,
      paypal.refundRequest,
      async (body: z.infer<typeof paypal.refundRequest>, captureId) => {
        const capture = captures.get(captureId);
        if (!capture) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        const cent = paypal.fromPaypalValue(body.amount.value);
        if (capture.refunded + cent > paypal.fromPaypalValue(capture.amount.value))
          return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
        capture.refunded += cent;
        const refund = paypal.refund.parse({
          id: id(),
          status: 'COMPLETED',
          amount: body.amount,
          custom_id: body.custom_id,
          links: [{ href: `${origin}/v2/payments/captures/${captureId}`, rel: 'up' }],
        });
        await emit('PAYMENT.CAPTURE.REFUNDED', refund);
        return json(paypal.refund, refund, 201);
      },
    ],
  ];

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/fake/') || url.pathname.startsWith('/sdk/'))
      return paypalPages(request, { orders, approve, clientId: options.clientId });
    if (url.pathname === new URL(certUrl).pathname) return new Response(cert.pem);
    const failure = failures.shift();
    if (failure === 'network') throw new TypeError('fetch failed');
    if (url.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`;
      if (request.headers.get('Authorization') !== expected) return error(401, 'invalid_client');
      return json(paypal.tokenResponse, {
        access_token: `A21AA${id(40)}`,
        token_type: 'Bearer',
        expires_in: 32400,
        app_id: 'APP-FAKE',
      });
    }
    if (!/^Bearer A21AA/.test(request.headers.get('Authorization') ?? '')) return error(401, 'AUTHENTICATION_FAILURE');
    const text = request.method === 'POST' ? await request.text() : '';
    const body: unknown = text ? JSON.parse(text) : {};
    const requestId = request.headers.get('PayPal-Request-Id');
    calls.push({ method: request.method, path: url.pathname, body, requestId });
    if (failure) return error(failure.status, failure.name, failure.issue);
    const seen = requestId ? idempotent.get(`${url.pathname}|${requestId}`) : undefined;
    if (seen) return seen.clone();
    if (request.method === 'GET') {
      const order = orders.get(url.pathname.split('/').pop()!);
      return order ? json(paypal.order, represent(order)) : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    }
    for (const [method, pattern, schema, route] of routes) {
      const match = pattern.exec(url.pathname);
      if (!match || method !== request.method) continue;
      const parsed = schema ? schema.safeParse(body) : { success: true as const, data: body };
      if (!parsed.success) return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX');
      const key = match[2] ? `${match[1]}|${match[2]}` : (match[1] ?? '');
      const answer = await route(parsed.data as never, decodeURIComponent(key));
      if (requestId && answer.status < 300) idempotent.set(`${url.pathname}|${requestId}`, answer.clone());
      return answer;
    }
    return error(404, 'RESOURCE_NOT_FOUND');
  }

  /** The payer approves the order in PayPal's window (what the fake approve page and fake JS SDK do). */
  function approve(orderId: string): Order | null {
    const order = orders.get(orderId);
    if (order?.status === 'PAYER_ACTION_REQUIRED' || order?.status === 'CREATED') order.status = 'APPROVED';
    return order ?? null;
  }

  return {
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init))) as typeof fetch,
    handle,
    calls,
    events,
    orders,
    captures,
    certUrl,
    approve,
    emit,
    /** The next calls fail: unreachable ('network') or with PayPal's error answer. */
    failNext: (...next: Failure[]) => failures.push(...next),
    /** The next capture or authorization is refused with this issue (INSTRUMENT_DECLINED …). */
    declineNext: (issue = 'INSTRUMENT_DECLINED') => declines.push(issue),
    /** A delivery signed by another key, with this fake's certificate URL: a forgery. */
    forge: async (eventType: string, resource: Record<string, unknown>) => {
      const other = await fakePaypal({ ...options, deliver: undefined });
      const signed = await other.emit(eventType, resource);
      const headers = new Headers(signed.headers);
      headers.set('PAYPAL-CERT-URL', certUrl);
      return new Request(signed.url, { method: 'POST', headers, body: await signed.text() });
    },
  };
}

export type FakePaypal = Awaited<ReturnType<typeof fakePaypal>>;
