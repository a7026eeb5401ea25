/**
 * The pages of the PayPal fake a shopper's browser meets: the approval page at the order's payer-action
 * link (Pay, or Cancel and return), and the JS SDK the checkout loads (paypal-sdk.ts).
 */
import { paypalSdk } from './paypal-sdk.ts';

export interface PaypalPagesState {
  orders: Map<
    string,
    {
      id: string;
      status: string;
      request: { payment_source: { paypal: { experience_context: { return_url: string; cancel_url: string } } } };
    }
  >;
  approve(orderId: string): unknown;
  clientId: string;
}

const page = (title: string, body: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>${title}</title><style>body{font:16px system-ui;margin:2rem auto;max-width:28rem;padding:0 1rem}` +
      `button{font:inherit;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0}</style></head><body>${body}</body></html>`,
    { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location } });
const withToken = (url: string, token: string, extra = '') =>
  `${url}${url.includes('?') ? '&' : '?'}token=${token}${extra}`;

export async function paypalPages(request: Request, state: PaypalPagesState): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname.startsWith('/sdk/js')) return paypalSdk(url, state.clientId);
  const [, , kind, id = '', action] = url.pathname.split('/');
  if (kind !== 'approve') return new Response('Not found', { status: 404 });
  const order = state.orders.get(id);
  if (!order) return new Response('No such order', { status: 404 });
  const context = order.request.payment_source.paypal.experience_context;
  if (action === 'pay' && request.method === 'POST') {
    state.approve(id);
    return redirect(withToken(context.return_url, id, '&PayerID=FAKEPAYER'));
  }
  if (action === 'cancel') return redirect(withToken(context.cancel_url, id));
  return page(
    'PayPal (test)',
    '<h1>Test PayPal approval</h1>' +
      `<form method="post" action="/fake/approve/${id}/pay"><button>Pay with PayPal</button></form>` +
      `<a href="/fake/approve/${id}/cancel">Cancel and return to the shop</a>`,
  );
}
