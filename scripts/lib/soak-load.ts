// The soak bench's shopper: one loop of mixed requests against the local shop (pages, the cart
// API, now and then a checkout quote and an order), bounded in count and in time.
import { Agent, request } from 'node:http';
import { BENCH_ADDRESS } from './bench-cart.ts';

/** The kinds of request the soak reports on. */
export const KINDS = [
  'home',
  'search',
  'product',
  'category',
  'cart add',
  'cart view',
  'checkout quote',
  'order place',
  'order cancel',
] as const;
export type Kind = (typeof KINDS)[number];

/** What the shoppers browse and buy: product handles, category ids and in-stock US SKUs. */
export interface SoakFixture {
  origin: string;
  handles: string[];
  categories: number[];
  skus: number[];
}

const QUERIES = ['brake', 'oil filter', 'spark plug', 'headlight', 'wheel', 'battery'];
const ADDRESS = BENCH_ADDRESS;
/** No single request may hang the run. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Durations per kind and failures by status, shared by every shopper. */
export class Tally {
  readonly times = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  /** "404 product" → count; "network" for requests that got no answer. */
  readonly errors = new Map<string, number>();
  total = 0;

  /** Counts one answered request (or, with status 0, one that got no answer). */
  record(kind: Kind, ms: number, status: number): void {
    this.total++;
    this.times.get(kind)!.push(ms);
    if (status === 0 || status >= 400) {
      const key = status === 0 ? `network ${kind}` : `${status} ${kind}`;
      this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    }
  }

  /** Whether any request got a 5xx or no answer at all. */
  failed(): boolean {
    return [...this.errors.keys()].some((key) => key.startsWith('5') || key.startsWith('network'));
  }
}

/**
 * The loopback address a visitor connects from: each shopper's visitors get addresses of their own in 127.0.0.0/8, so
 * the shop's per-IP limits (orders, sign-ins) see many visitors, as in life, not one machine placing every order.
 */
export function visitorAddress(shopper: number, visit: number): string {
  return `127.${(shopper % 250) + 1}.${Math.floor(visit / 250) % 250}.${(visit % 250) + 1}`;
}

/** One HTTP exchange from a given local address, with its status, body and Set-Cookie lines. */
function exchange(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; agent: Agent },
): Promise<{ status: number; text: string; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: init.method, headers: init.headers, agent: init.agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text, cookies: response.headers['set-cookie'] ?? [] }),
      );
      response.on('error', reject);
    });
    sent.setTimeout(REQUEST_TIMEOUT_MS, () => sent.destroy(new Error('timed out')));
    sent.on('error', reject);
    sent.end(init.body);
  });
}

/** The value at fraction `p` of the sorted list. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : Number.NaN;
}

/**
 * One shopper: loops until `until` (epoch ms) or `maxRequests`, whichever comes first. Each
 * round browses (home now and then, a search, a product, a category), adds a part to its cart
 * and views it; every 5th round asks for a checkout quote, every 10th places the order, cancels
 * it as a guest (its stock goes back) and starts again as a new visitor, from another loopback
 * address with another email, so the shop's per-IP and per-email limits meet many visitors.
 */
export async function shopper(
  fixture: SoakFixture,
  index: number,
  until: number,
  maxRequests: number,
  tally: Tally,
): Promise<void> {
  let jar = new Map<string, string>();
  let sent = 0;
  let visit = 0;
  let agent = new Agent({ keepAlive: true, localAddress: visitorAddress(index, visit) });
  const call = async (kind: Kind, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') => {
    sent++;
    const headers: Record<string, string> = { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    try {
      const response = await exchange(fixture.origin + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        agent,
      });
      const { text } = response;
      tally.record(kind, performance.now() - started, response.status);
      for (const line of response.cookies) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
      }
      return { status: response.status, text };
    } catch {
      tally.record(kind, performance.now() - started, 0);
      return { status: 0, text: '' };
    }
  };
  const pick = <T>(list: T[], round: number): T => list[(round * 7 + index * 13) % list.length]!;
  const going = () => Date.now() < until && sent < maxRequests;
  for (let round = 0; going(); round++) {
    if (round % 4 === 0) await call('home', '/');
    if (!going()) break;
    await call('search', `/search?keyword=${encodeURIComponent(pick(QUERIES, round))}`);
    if (!going()) break;
    await call('product', `/product/${pick(fixture.handles, round)}`);
    if (!going()) break;
    await call('category', round % 5 === 0 ? '/categories' : `/search?category=${pick(fixture.categories, round)}`);
    if (!going()) break;
    await call('cart add', '/order/public/buyer/cart/v2', {
      items: [{ skuId: pick(fixture.skus, round), itemCount: 1 }],
    });
    if (!going()) break;
    await call('cart view', '/order/public/buyer/cart/v2');
    if (round % 5 !== 4 || !going()) continue;
    const quote = await call('checkout quote', '/order/public/buyer/checkout/quote', { address: ADDRESS });
    if (round % 10 !== 9 || quote.status !== 200 || !going()) continue;
    const { data } = JSON.parse(quote.text) as { data: { total: number } };
    const placed = await call('order place', '/order/public/buyer/order/place', {
      idempotencyKey: `soak-${crypto.randomUUID()}`,
      email: `soak-${index}-${visit}@example.com`,
      address: ADDRESS,
      paymentMethod: 'CARD',
      expectedTotal: data.total,
    });
    if (placed.status === 200) {
      const order = (JSON.parse(placed.text) as { data: { order: { orderId: string }; orderToken?: string | null } })
        .data;
      if (order.orderToken)
        await call('order cancel', '/order/public/requisition/order/cancel', {
          orderId: order.order.orderId,
          orderToken: order.orderToken,
        });
    }
    // The next round is a new visitor: an empty cart, another address and email.
    jar = new Map();
    agent.destroy();
    visit++;
    agent = new Agent({ keepAlive: true, localAddress: visitorAddress(index, visit) });
  }
  agent.destroy();
}
