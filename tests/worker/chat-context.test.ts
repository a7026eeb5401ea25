import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StartChatAnswer } from '../../shared/api/chat.ts';
import { agentImageUrl, CHAT_ATTACHMENT_PATH, shopperImageUrl } from '../../shared/chat.ts';
import { formatMoney } from '../../shared/money.ts';
import { vehicleName } from '../../shared/vehicle.ts';
import { vehicleById } from '../../worker/vehicles/service.ts';
import { bearer, json, member } from './account-helpers.ts';
import { staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { api, cookiesOf, page, shop, US_HOST } from './helpers.ts';
import { CHAT, PNG, socket } from './chat-helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;

/** Posts a file into the chat as the launcher does (multipart field `file`). */
function attach(token: string, bytes: Uint8Array<ArrayBuffer>, name: string, type: string, ip = '192.0.2.70') {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  const url = `${US_HOST}${CHAT_ATTACHMENT_PATH}?token=${encodeURIComponent(token)}`;
  return shop(url, { method: 'POST', body: form, headers: { 'cf-connecting-ip': ip } });
}

/** A browser's cookies, kept across calls. */
function browser() {
  const jar: Record<string, string> = {};
  const cookie = () =>
    Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  const call = async <T>(method: string, path: string, body: unknown) => {
    const result = await api<T>(`${US_HOST}${path}`, json(method, body, { cookie: cookie() }));
    for (const [name, line] of Object.entries(cookiesOf(result.response)))
      jar[name] = line.slice(name.length + 1).split(';')[0]!;
    return result;
  };
  return { call };
}

let agent: Session;
let presence: Awaited<ReturnType<typeof socket>>;

beforeAll(async () => {
  await loadCatalogFixture();
  agent = await staffSession('support');
  presence = await socket(`${US_HOST}/admin/chat/presence`, agent.headers);
  await presence.next((frame) => (frame as unknown as { agents?: unknown[] }).agents?.length === 1);
});

describe("the shopper's context beside a chat", () => {
  it("shows the agent the visitor's cart lines and total (read by the server) and the chosen vehicle", async () => {
    const visitor = browser();
    const skus = (
      await env.DB.prepare(
        `SELECT s.id, i.title FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES'
           AND s.available_total >= 5 AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id
           AND p.currency = 'USD' AND p.discount_price IS NOT NULL) ORDER BY s.id LIMIT 2`,
      ).all<{ id: number; title: string }>()
    ).results;
    expect(skus).toHaveLength(2);
    type Cart = { detail: { items: { skuId: number; title: string; discountPrice: number }[] } };
    const added = await visitor.call<Cart>('POST', '/order/public/buyer/cart/v2', {
      items: [
        { skuId: skus[0]!.id, itemCount: 2 },
        { skuId: skus[1]!.id, itemCount: 1 },
      ],
    });
    expect(added.body.data.detail.items).toHaveLength(2);
    const engine = await env.DB.prepare('SELECT id FROM vehicle_node WHERE level = 5 ORDER BY id LIMIT 1').first<{
      id: number;
    }>();
    const vehicle = vehicleName((await vehicleById(env.DB, engine!.id))!, true);

    const started = await visitor.call<StartChatAnswer>('POST', '/customer/public/online-customer/conversation', {
      page: '/shopCart',
      // Lines the browser might claim are never read: the cart comes from the cart cookie.
      lines: [{ title: 'Free engine', quantity: 1 }],
      vehicle: 'A made-up name',
      attributeValueId: engine!.id,
    });
    expect(started.status).toBe(200);
    const { html } = await page(`${US_HOST}/admin/chat/${started.body.data.conversationId}`, {
      headers: agent.headers,
    });
    const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
    for (const [index, line] of added.body.data.detail.items.entries()) {
      const quantity = index === 0 ? 2 : 1;
      const money = formatMoney({ cent: line.discountPrice, currency: 'USD' });
      expect(html).toContain(asHtml(`${line.title} × ${quantity} · ${money}`));
    }
    expect(html).toMatch(/data-cart-total="true">Total \$[\d,]+\.\d\d</);
    expect(html).toContain(asHtml(vehicle));
    expect(html).not.toContain('Free engine');
    expect(html).not.toContain('A made-up name');
  });

  it("shows a signed-in member's garage beside the chat, and a visitor's as none saved", async () => {
    const token = await member(`garage-chat-${Date.now()}@example.com`);
    const year = await env.DB.prepare(
      `SELECT y.id AS year, mk.id AS make, md.id AS model FROM vehicle_node md
         JOIN vehicle_node mk ON mk.id = md.parent_id JOIN vehicle_node y ON y.id = mk.parent_id
       WHERE md.level = 3 ORDER BY md.id LIMIT 1`,
    ).first<{ year: number; make: number; model: number }>();
    const saved = await api<{ id: number }>(
      `${US_HOST}/account/buyer/current/garage-vehicle`,
      json('POST', { year: { id: year!.year }, make: { id: year!.make }, model: { id: year!.model } }, bearer(token)),
    );
    expect(saved.status).toBe(200);
    const name = vehicleName((await vehicleById(env.DB, year!.model))!, true);
    const started = await api<StartChatAnswer>(
      `${CHAT}/conversation`,
      json('POST', { page: '/parts', name: 'Member' }, { ...bearer(token), 'cf-connecting-ip': '192.0.2.81' }),
    );
    expect(started.status).toBe(200);
    const shown = await page(`${US_HOST}/admin/chat/${started.body.data.conversationId}`, { headers: agent.headers });
    const garage = /<dd data-shopper-garage="true">([^<]*)<\/dd>/.exec(shown.html)?.[1] ?? '';
    expect(garage).toContain(name.replace(/&/g, '&amp;'));

    const visitor = await api<StartChatAnswer>(
      `${CHAT}/conversation`,
      json('POST', { page: '/parts' }, { 'cf-connecting-ip': '192.0.2.82' }),
    );
    const visitorPage = await page(`${US_HOST}/admin/chat/${visitor.body.data.conversationId}`, {
      headers: agent.headers,
    });
    expect(visitorPage.html).toContain('<dd data-shopper-garage="true">None saved</dd>');
  });

  it('a new page of the chat updates the page and cart the agent sees', async () => {
    const visitor = browser();
    const started = await visitor.call<StartChatAnswer>('POST', '/customer/public/online-customer/conversation', {
      page: '/',
    });
    const { conversationId, token } = started.body.data;
    const before = await page(`${US_HOST}/admin/chat/${conversationId}`, { headers: agent.headers });
    expect(before.html).toContain('data-shopper-cart="empty"');
    const sku = await env.DB.prepare(
      `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES'
         AND s.available_total >= 5 ORDER BY s.id DESC LIMIT 1`,
    ).first<{ id: number }>();
    await visitor.call('POST', '/order/public/buyer/cart/v2', { items: [{ skuId: sku!.id, itemCount: 3 }] });
    const moved = await visitor.call('POST', '/customer/public/online-customer/conversation/context', {
      token,
      page: '/shopCart',
    });
    expect(moved.status).toBe(200);
    const after = await page(`${US_HOST}/admin/chat/${conversationId}`, { headers: agent.headers });
    expect(after.html).toContain('/shopCart');
    expect(after.html).toContain(' × 3 · ');
    const forged = await visitor.call('POST', '/customer/public/online-customer/conversation/context', {
      token: `${token}x`,
      page: '/',
    });
    expect(forged.status).toBe(403);
  });
});

describe('images in a live chat', () => {
  let chat: StartChatAnswer;

  beforeAll(async () => {
    chat = (await api<StartChatAnswer>(`${CHAT}/conversation`, json('POST', { page: '/' }))).body.data;
  });

  it('a shopper attaches a PNG: stored as a message, the agent receives it live and fetches its bytes', async () => {
    const agentSide = await socket(`${US_HOST}/admin/chat/${chat.conversationId}/socket`, agent.headers);
    await agentSide.next((frame) => frame.type === 'history');
    const shopperSide = await socket(`${CHAT}/conversation/socket?token=${encodeURIComponent(chat.token)}`);
    await shopperSide.next((frame) => frame.type === 'history');

    const posted = await attach(chat.token, PNG, 'brake-noise.png', 'image/png');
    expect(posted.status).toBe(200);
    const { seq } = ((await posted.json()) as { data: { seq: number } }).data;
    const stored = await env.DB.prepare(
      'SELECT attachment_key AS key FROM chat_message WHERE conversation_id = ? AND seq = ?',
    )
      .bind(chat.conversationId, seq)
      .first<{ key: string }>();
    expect(stored?.key).toBeTruthy();

    const received = await agentSide.next((frame) => frame.type === 'message' && frame.message.seq === seq);
    expect(received).toMatchObject({ message: { author: 'shopper', image: { name: 'brake-noise.png' } } });
    await shopperSide.next((frame) => frame.type === 'message' && frame.message.seq === seq);

    const forAgent = await shop(`${US_HOST}${agentImageUrl(chat.conversationId, seq)}`, { headers: agent.headers });
    expect(forAgent.status).toBe(200);
    expect(forAgent.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await forAgent.arrayBuffer())).toEqual(PNG);
    const forShopper = await shop(`${US_HOST}${shopperImageUrl(chat.token, seq)}`);
    expect(forShopper.status).toBe(200);
    await forShopper.arrayBuffer();

    const { html } = await page(`${US_HOST}/admin/chat/${chat.conversationId}`, { headers: agent.headers });
    expect(html).toContain(`href="${agentImageUrl(chat.conversationId, seq)}"`);
    expect(html).toContain(`<img src="${agentImageUrl(chat.conversationId, seq)}" alt="brake-noise.png"`);
    agentSide.ws.close(1000);
    shopperSide.ws.close(1000);
  });

  it('the image is refused to a stranger: no session, another shopper, a staff role without chat', async () => {
    const seq = 1;
    const anonymous = await shop(`${US_HOST}${agentImageUrl(chat.conversationId, seq)}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    const fulfilment = await staffSession('fulfilment');
    const wrongRole = await shop(`${US_HOST}${agentImageUrl(chat.conversationId, seq)}`, {
      headers: fulfilment.headers,
    });
    expect(wrongRole.status).toBe(403);
    await wrongRole.arrayBuffer();
    const other = (await api<StartChatAnswer>(`${CHAT}/conversation`, json('POST', { page: '/' }))).body.data;
    const otherShopper = await shop(`${US_HOST}${shopperImageUrl(other.token, seq)}`);
    expect(otherShopper.status).toBe(404);
    await otherShopper.arrayBuffer();
    const forged = await shop(`${US_HOST}${shopperImageUrl(`${chat.token.slice(0, -2)}AA`, seq)}`);
    expect(forged.status).toBe(403);
    await forged.arrayBuffer();
  });

  it('a text file named .png is refused by its bytes, with a clear message, and not stored', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM chat_message WHERE conversation_id = ?')
      .bind(chat.conversationId)
      .first<{ n: number }>();
    const fake = new TextEncoder().encode('just some text, not a picture at all');
    const refused = await attach(chat.token, fake, 'photo.png', 'image/png');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { msg: string }).msg).toBe(
      'Only images can be attached (JPEG, PNG, WebP or HEIC).',
    );
    const tooLarge = new Uint8Array(5 * 1024 * 1024 + 1);
    tooLarge.set(PNG);
    const large = await attach(chat.token, tooLarge, 'huge.png', 'image/png');
    expect(large.status).toBe(413);
    expect(((await large.json()) as { msg: string }).msg).toBe('Each image may be at most 5 MB.');
    const nothing = await shop(`${US_HOST}${CHAT_ATTACHMENT_PATH}?token=${encodeURIComponent(chat.token)}`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as { msg: string }).msg).toBe('Choose an image to attach.');
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM chat_message WHERE conversation_id = ?')
      .bind(chat.conversationId)
      .first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("a shopper's images count against the message rate limit", async () => {
    const ip = '192.0.2.71';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await attach(chat.token, PNG, `shot-${i}.png`, 'image/png', ip);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  it('an agent sends an image from the console; the shopper receives it live', async () => {
    const shopperSide = await socket(`${CHAT}/conversation/socket?token=${encodeURIComponent(chat.token)}`);
    const form = new FormData();
    form.append('_csrf', agent.csrf);
    form.append('file', new File([PNG], 'diagram.png', { type: 'image/png' }));
    const sent = await shop(`${US_HOST}/admin/chat/${chat.conversationId}/images`, {
      method: 'POST',
      body: form,
      headers: agent.headers,
      redirect: 'manual',
    });
    expect(sent.status).toBe(303);
    const received = await shopperSide.next(
      (frame) => frame.type === 'message' && frame.message.author === 'agent' && !!frame.message.image,
    );
    expect(received).toMatchObject({ message: { image: { name: 'diagram.png' } } });
    shopperSide.ws.close(1000);
  });
});
