import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutFixture } from './checkout-helpers.ts';
import { mailTo } from './fulfilment-helpers.ts';
import { US_HOST, arrive, shop } from './helpers.ts';
import { askReturn, fileOf, shippedGuestOrder, uploadIds } from './returns-helpers.ts';

let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture(2);
});

describe("a return's status page", () => {
  it("opens from the email's link for the guest, with the parts, reason, photos and history", async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const ids = await uploadIds(order, [fileOf('jpeg'), fileOf('png'), fileOf('webp')]);
    const made = (
      await askReturn(order, { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Part was damaged', uploadIds: ids })
    ).body.data;
    const [mail] = (await mailTo(order.email)).filter((message) => message.subject.includes(made.rma));
    const link = mail!.text.match(new RegExp(`${env.US_ORIGIN}(/order/returns/\\S+)`))![1]!;
    const page = await arrive(`${US_HOST}${link}`);
    expect(page.landed).toBe(`${US_HOST}/order/returns/${made.rma}`);
    expect(page.status).toBe(200);
    const html = page.html;
    expect(html).toContain(`Return ${made.rma}`);
    expect(html).toContain('data-return-status="REQUESTED"');
    expect(html).toContain('Part was damaged');
    expect(html.match(/<img src="\/return-evidence\/[0-9a-f]{32}\?expires=/g)).toHaveLength(3);
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it('asks a visitor without a link to sign in, and reads a forged link as not found', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const ids = await uploadIds(order, [fileOf('jpeg')]);
    const made = (
      await askReturn(order, { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Part no longer needed', uploadIds: ids })
    ).body.data;
    const bare = await shop(`${US_HOST}/order/returns/${made.rma}`, { redirect: 'manual' });
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toContain('/login');
    const forged = await arrive(`${US_HOST}/order/returns/${made.rma}?orderToken=1.forged-token-that-is-long-enough`);
    expect(forged.status).toBe(404);
    expect(forged.html).toContain('This return could not be found.');
  });

  it('never serves return evidence through the public media path', async () => {
    await env.MEDIA.put('returns/US-1/secret-photo', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
    expect((await shop(`${US_HOST}/media/returns/US-1/secret-photo`)).status).toBe(404);
    expect((await shop(`${US_HOST}/media/Returns/US-1/secret-photo`)).status).toBe(404);
  });
});
