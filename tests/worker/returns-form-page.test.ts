import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, member } from './account-helpers.ts';
import { checkoutFixture } from './checkout-helpers.ts';
import { mailTo, paidMemberOrder } from './fulfilment-helpers.ts';
import { US_HOST, arrive, page, shop } from './helpers.ts';
import { askReturn, fileOf, shipAll, shippedGuestOrder, uploadIds } from './returns-helpers.ts';

/** The shopper's ways into a return (issue 20): the form page, order detail, and tracking's emailed link. */

let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture(6);
});

const formUrl = (orderId: string, orderToken?: string) =>
  `${US_HOST}/order/returns/new?${new URLSearchParams(orderToken ? { orderId, orderToken } : { orderId })}`;

/** The ReturnForm island's server-rendered props. */
function formProps(html: string) {
  const json = html.match(/data-island="ReturnForm" data-props="([^"]+)"/)?.[1];
  if (!json) return null;
  const text = json
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
  return JSON.parse(text) as { options: { lines: { lineNo: number; returnable: number }[] }; orderToken: string };
}

/** A tracking form post, as the page's "Return items" button sends it. */
const askLink = (orderNo: string, email: string, ip = '198.51.100.7') =>
  page(`${US_HOST}/order/track/return-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': ip, origin: US_HOST },
    body: new URLSearchParams({ orderNo, email }).toString(),
  });

describe('the return form page', () => {
  it("opens for a guest's token with the shipped lines and the eight reasons, not indexed", async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 2 }]);
    const { status, html, landed } = await arrive(formUrl(order.orderId, order.orderToken));
    expect(landed).toBe(formUrl(order.orderId));
    expect(status).toBe(200);
    expect(html).toContain(`Return items from order ${order.orderId}`);
    expect(html).toContain('<meta name="robots" content="noindex"');
    const props = formProps(html)!;
    // The token stays in its HttpOnly cookie: the page and its island never hold it.
    expect(props.orderToken).toBeNull();
    expect(html).not.toContain(order.orderToken);
    expect(props.options.lines).toMatchObject([{ lineNo: 1, returnable: 2 }]);
    expect(html).toMatch(/Returnable until \w{3} \d{1,2}, \d{4}/);
    for (const reason of ['Part no longer needed', 'Part doesn&#x27;t fit', 'Part was damaged', 'Other'])
      expect(html).toContain(reason);
    expect(html).toContain('photos of part, package, label');
  });

  it("opens for the member's session, and reads another shopper's order as not found", async () => {
    const bought = await paidMemberOrder([{ skuId: skuIds[1]!, quantity: 1 }], 'form');
    await shipAll(bought.orderId);
    const own = await page(formUrl(bought.orderId), { headers: bought.credentials });
    expect(own.status).toBe(200);
    expect(formProps(own.html)?.options.lines).toHaveLength(1);
    const stranger = bearer(await member(`stranger-${crypto.randomUUID().slice(0, 8)}@example.com`));
    const other = await page(formUrl(bought.orderId), { headers: stranger });
    expect(other.status).toBe(404);
    expect(other.html).toContain('This order could not be found.');
    expect(other.html).not.toContain('data-island="ReturnForm"');
    const guest = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const forged = await arrive(formUrl(guest.orderId, '1.forged-token-that-is-long-enough'));
    expect(forged.status).toBe(404);
  });

  it('asks a visitor without a token to sign in', async () => {
    const response = await shop(formUrl('US-12345678'), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain('/login?callBackPath=%2Forder%2Freturns%2Fnew');
  });

  it('says why an order that has not shipped cannot be returned, with no form', async () => {
    const bought = await paidMemberOrder([{ skuId: skuIds[2]!, quantity: 1 }], 'unshipped');
    const { status, html } = await page(formUrl(bought.orderId), { headers: bought.credentials });
    expect(status).toBe(200);
    expect(html).toContain('This order has no shipped parts that can be returned.');
    expect(html).not.toContain('data-island="ReturnForm"');
  });
});

describe('order detail', () => {
  it('offers "Return items" for a shipped order and lists its returns with their pages', async () => {
    const bought = await paidMemberOrder([{ skuId: skuIds[3]!, quantity: 2 }], 'detail');
    const detail = `${US_HOST}/myAccount/orderHistory/orderDetail?orderId=${bought.orderId}`;
    const before = await page(detail, { headers: bought.credentials });
    expect(before.html).not.toContain('data-return-items');
    await shipAll(bought.orderId);
    const shipped = await page(detail, { headers: bought.credentials });
    expect(shipped.html).toContain(`href="/order/returns/new?orderId=${bought.orderId}" data-return-items=""`);
    const ids = await uploadIds({ orderId: bought.orderId, headers: bought.credentials }, [fileOf('jpeg')]);
    const made = await askReturn(
      { orderId: bought.orderId, headers: bought.credentials },
      { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Part no longer needed', uploadIds: ids },
    );
    const { rma } = made.body.data;
    const after = await page(detail, { headers: bought.credentials });
    expect(after.html).toContain(`<a href="/order/returns/${rma}">${rma}</a>`);
    expect(after.html).toContain('data-return-status="REQUESTED">Requested');
    // One unit is still returnable: the form stays on offer.
    expect(after.html).toContain('data-return-items=""');
  });
});

describe('tracking: "Return items"', () => {
  it("emails the order's address a link on the configured origin whose token opens the form", async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[4]!, quantity: 1 }]);
    const tracked = await page(
      `${US_HOST}/order/track?${new URLSearchParams({ orderNo: order.orderId, email: order.email })}`,
    );
    expect(tracked.html).toContain('action="/order/track/return-link"');
    // The number and email alone never open the form nor a return page.
    expect(tracked.html).not.toContain('/order/returns/new');
    const sent = await askLink(order.orderId, order.email.toUpperCase());
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('We emailed a link to start your return to the address on this order.');
    const [mail] = (await mailTo(order.email)).filter((message) => message.subject.includes('Start your return'));
    const link = mail!.text.match(/Start your return: (\S+)/)![1]!;
    expect(link.startsWith(`${env.US_ORIGIN}/order/returns/new?`)).toBe(true);
    const opened = await arrive(`${US_HOST}${link.slice(env.US_ORIGIN.length)}`);
    expect(opened.status).toBe(200);
    expect(formProps(opened.html)?.options.lines).toHaveLength(1);
  });

  it('sends nothing for a wrong pair, and says tracking could not find the order', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[5]!, quantity: 1 }]);
    const wrong = await askLink(order.orderId, 'someone-else@example.com', '198.51.100.8');
    expect(wrong.status).toBe(404);
    expect(wrong.html).toContain('We could not find an order with that number and email.');
    expect((await mailTo(order.email)).filter((message) => message.subject.includes('Start your return'))).toEqual([]);
    expect((await mailTo('someone-else@example.com')).length).toBe(0);
  });

  it('refuses a form post from another site', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[5]!, quantity: 1 }]);
    const response = await shop(`${US_HOST}/order/track/return-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ orderNo: order.orderId, email: order.email }).toString(),
    });
    expect(response.status).toBe(403);
    expect(await mailTo(order.email)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining('Start') }),
    );
  });
});

describe("a return's page as the shop moves it", () => {
  it('asks for more evidence in the shop’s words, then shows how to send the parts back and the refund', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const ids = await uploadIds(order, [fileOf('jpeg')]);
    const { rma } = (await askReturn(order, { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Other', uploadIds: ids }))
      .body.data;
    const url = `${US_HOST}/order/returns/${rma}?orderToken=${encodeURIComponent(order.orderToken)}`;
    const moved = (sql: string, ...values: unknown[]) =>
      env.DB.prepare(sql.replace('{id}', '(SELECT id FROM order_return WHERE rma = ?)'))
        .bind(...values, rma)
        .run();
    expect((await arrive(url)).html).not.toContain('data-island="ReturnEvidence"');

    await moved(`UPDATE order_return SET status = 'NEEDS_EVIDENCE' WHERE id = {id}`);
    await env.DB.prepare(
      `INSERT INTO return_event (return_id, status, note, created_at)
       SELECT id, 'NEEDS_EVIDENCE', ?, ? FROM order_return WHERE rma = ?`,
    )
      .bind('Please add a photo of the shipping label.', Date.now(), rma)
      .run();
    const asked = (await arrive(url)).html;
    expect(asked).toContain('data-island="ReturnEvidence"');
    expect(asked).toContain('We need more from you');
    expect(asked).toContain('Please add a photo of the shipping label.');

    await moved(
      `UPDATE order_return SET status = 'APPROVED', instructions = ?, label_number = ? WHERE id = {id}`,
      'Send the part to 1 Depot Rd, Newark NJ.',
      '1Z999AA10123456785',
    );
    const approved = (await arrive(url)).html;
    expect(approved).not.toContain('data-island="ReturnEvidence"');
    expect(approved).toContain('Send the part to 1 Depot Rd, Newark NJ.');
    expect(approved).toContain('<strong data-label-number="">1Z999AA10123456785</strong>');

    await moved(`UPDATE order_return SET status = 'REFUNDED', refund_cent = 2599, fee_cent = 300 WHERE id = {id}`);
    const refunded = (await arrive(url)).html;
    expect(refunded).toContain('$25.99');
    expect(refunded).toContain('Restocking fee: $3.00');
  });
});
