import { createServer, type Server } from 'node:http';
import type { BrowserContext, Route } from 'playwright-core';

/** The payment providers' fakes as a browser and the shop reach them over HTTP, for the checkout tests. */

/** Serves a `(Request) => Response` fake on a free local port. */
export async function serveFake(
  handle: (request: Request) => Promise<Response>,
): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    try {
      const answer = await handle(
        new Request(`http://127.0.0.1${req.url}`, {
          method: req.method,
          headers,
          body: hasBody ? Buffer.concat(chunks) : undefined,
        }),
      );
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Answers a browser request from a fake's server, with the CORS header the provider's API sends. */
async function answerFrom(route: Route, origin: string) {
  const request = route.request();
  const target = new URL(request.url());
  const answer = await fetch(`${origin}${target.pathname}${target.search}`, {
    method: request.method(),
    headers: { 'content-type': request.headers()['content-type'] ?? 'text/plain' },
    body: request.method() === 'GET' ? undefined : (request.postData() ?? undefined),
    redirect: 'manual',
  });
  const headers = { ...Object.fromEntries(answer.headers), 'access-control-allow-origin': '*' };
  await route.fulfill({ status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) });
}

/**
 * Stripe.js and Stripe's API as the browser reaches them (js.stripe.com, api.stripe.com), answered by
 * the fake's server.
 */
export async function routeStripe(context: BrowserContext, stripeOrigin: string) {
  await context.route(/^https:\/\/(js|api)\.stripe\.com\//, (route) => answerFrom(route, stripeOrigin));
}

/**
 * PayPal's JS SDK and its approval as the browser reaches them (www.paypal.com), answered by the fake's
 * server; `down` makes PayPal unreachable, as on a network that cannot load its script.
 */
export async function routePaypal(context: BrowserContext, paypalOrigin: string, down = false) {
  await context.route(/^https:\/\/www\.paypal\.com\//, (route) =>
    down ? route.abort('internetdisconnected') : answerFrom(route, paypalOrigin),
  );
}
