/**
 * The pages of the Stripe fake a shopper's browser meets: Stripe.js (stripe-js.ts), the hosted Checkout
 * page, the redirect page of 3-D Secure and the BNPL providers. Each ends the way Stripe's does: back to
 * the shop's URL, with the events sent first.
 */
import type * as z from 'zod';
import type * as stripe from '../../worker/payments/contracts/stripe.ts';
import { stripeJsScript } from './stripe-js.ts';

type Intent = z.infer<typeof stripe.paymentIntent>;
type Session = z.infer<typeof stripe.checkoutSession>;

export interface StripePagesState {
  intents: Map<string, Intent>;
  sessions: Map<string, Session>;
  complete(intent: Intent): Promise<void>;
  completeSession(id: string): Promise<Session | null>;
  emit(type: string, object: Record<string, unknown>): Promise<Request>;
  confirmWith(intent: Intent, method: string | undefined, type?: string): Promise<Response>;
}

const page = (title: string, body: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>${title}</title><style>body{font:16px system-ui;margin:2rem auto;max-width:28rem;padding:0 1rem}` +
      `button{font:inherit;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0}</style></head><body>${body}</body></html>`,
    { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
const money = (cent: number, currency: string) => `${currency.toUpperCase()} ${(cent / 100).toFixed(2)}`;
const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

export async function stripePages(request: Request, state: StripePagesState): Promise<Response> {
  const url = new URL(request.url);
  const [, , kind, id = '', action] = url.pathname.split('/');
  if (url.pathname.startsWith('/v3'))
    return new Response(stripeJsScript(), {
      headers: { 'Content-Type': 'application/javascript; charset=utf-8' },
    });
  if (kind === 'checkout') {
    const session = state.sessions.get(id);
    if (!session) return new Response('No such session', { status: 404 });
    const meta = session.metadata as Record<string, string>;
    if (action === 'pay' && request.method === 'POST') {
      const done = await state.completeSession(id);
      return redirect(meta.success_url!.replace('{CHECKOUT_SESSION_ID}', done!.id));
    }
    if (action === 'cancel') return redirect(meta.cancel_url!);
    return page(
      'Pay with card (test)',
      `<h1>Test hosted payment page</h1><p data-amount>${money(session.amount_total!, session.currency!)}</p>` +
        `<form method="post" action="/fake/checkout/${id}/pay"><button>Pay</button></form>` +
        `<a href="/fake/checkout/${id}/cancel">Back to the shop</a>`,
    );
  }
  if (kind === 'redirect') {
    const intent = state.intents.get(id);
    if (!intent) return new Response('No such payment', { status: 404 });
    const back = (status: string) =>
      `${intent.metadata.return_url}${intent.metadata.return_url?.includes('?') ? '&' : '?'}payment_intent=${id}` +
      `&redirect_status=${status}`;
    if (action === 'authorize' && request.method === 'POST') {
      await state.complete(intent);
      return redirect(back('succeeded'));
    }
    if (action === 'fail' && request.method === 'POST') {
      Object.assign(intent, { status: 'requires_payment_method', next_action: null });
      await state.emit('payment_intent.payment_failed', intent);
      return redirect(back('failed'));
    }
    return page(
      'Authorize payment (test)',
      `<h1>Test authorization page</h1><p data-amount>${money(intent.amount, intent.currency)}</p>` +
        `<form method="post" action="/fake/redirect/${id}/authorize"><button>Authorize</button></form>` +
        `<form method="post" action="/fake/redirect/${id}/fail"><button>Fail</button></form>`,
    );
  }
  return new Response('Not found', { status: 404 });
}
