import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, member } from './account-helpers.ts';
import { checkoutFixture } from './checkout-helpers.ts';
import { mailTo, orderStatus, paidMemberOrder } from './fulfilment-helpers.ts';
import { newRmaNumber } from '../../worker/returns/service.ts';
import { returnRepository } from '../../worker/returns/repository.ts';
import { US_HOST, api, shop } from './helpers.ts';
import { askReturn, fileOf, type ReturnAnswer, shipAll, shippedGuestOrder, uploadIds } from './returns-helpers.ts';

/** A valid VIN (its check digit holds): a 2003 Honda Accord. */
const VIN = '1HGCM82633A004352';

let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture(3);
});

const readReturn = (rma: string, query = '', headers: Record<string, string> = {}) =>
  api<ReturnAnswer>(`${US_HOST}/order/public/returns/${rma}${query}`, { headers });

describe('a guest returns a damaged part with three photos', () => {
  it('creates a REQUESTED return with an RMA number, moves the order to RETURNING and emails the shopper', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 2 }]);
    const photos = await uploadIds(order, [fileOf('jpeg'), fileOf('png'), fileOf('webp')]);
    const asked = await askReturn(order, {
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'Part was damaged',
      uploadIds: photos,
    });
    expect(asked.status).toBe(201);
    const made = asked.body.data;
    expect(made.rma).toMatch(/^RMA-\d{6}-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(made).toMatchObject({ orderId: order.orderId, status: 'REQUESTED', reason: 'Part was damaged' });
    expect(made.lines).toEqual([expect.objectContaining({ lineNo: 1, quantity: 1 })]);
    expect(made.history.map((event) => event.status)).toEqual(['REQUESTED']);
    expect(made.evidence.map((file) => file.contentType).sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(await orderStatus(order.orderId)).toBe('RETURNING');

    const [mail] = (await mailTo(order.email)).filter((message) => message.subject.includes(made.rma));
    expect(mail?.text).toContain(`return request ${made.rma} for order ${order.orderId}`);
    expect(mail?.text).toContain('What happens next');
    expect(mail?.text).toContain(`${env.US_ORIGIN}/order/returns/${made.rma}?orderToken=`);
  });

  it("answers the return to the guest's token only, with links that serve the photos for a while", async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const photos = [fileOf('jpeg', 3000), fileOf('jpeg', 4000), fileOf('heic', 5000)];
    const ids = await uploadIds(order, photos);
    const { rma } = (
      await askReturn(order, { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Part was damaged', uploadIds: ids })
    ).body.data;

    expect((await readReturn(rma)).status).toBe(404);
    expect((await readReturn(rma, '?orderToken=1.forged-token-that-is-long-enough')).status).toBe(404);
    const read = await readReturn(rma, `?orderToken=${encodeURIComponent(order.orderToken)}`);
    expect(read.status).toBe(200);
    const heic = read.body.data.evidence.find((file) => file.contentType === 'image/heic')!;
    expect(heic.url).toMatch(/^\/return-evidence\/[0-9a-f]{32}\?expires=\d+&signature=/);

    const served = await shop(`${US_HOST}${heic.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/heic');
    expect(served.headers.get('cache-control')).toContain('private');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(photos[2]);

    const forged = heic.url.replace(/signature=./, (text) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`);
    expect((await shop(`${US_HOST}${forged}`)).status).toBe(403);
    const later = heic.url.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 3600}`);
    expect((await shop(`${US_HOST}${later}`)).status).toBe(403);
    expect((await shop(`${US_HOST}/return-evidence/${heic.uploadId}`)).status).toBe(403);
  });
});

describe('a member returns a wrong-fit part with a VIN', () => {
  it('refuses a VIN that fails the check digit, then records the return with the VIN', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[0]!, quantity: 1 }], 'fit');
    await shipAll(order.orderId);
    const caller = { orderId: order.orderId, headers: order.credentials };
    const [photo] = await uploadIds(caller, [fileOf('jpeg')]);
    const ask = (vin: string) =>
      askReturn(caller, {
        lines: [{ lineNo: 1, quantity: 1 }],
        reason: "Part doesn't fit",
        vehicle: { vin },
        uploadIds: [photo],
      });

    const wrong = await ask('1HGCM82633A004353');
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(
      'vehicle.vin This VIN does not pass the check-digit test. Please check each character.',
    );
    const noCar = await askReturn(caller, {
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: "Part doesn't fit",
      uploadIds: [photo],
    });
    expect(noCar.status).toBe(400);
    expect(noCar.body.msg).toBe('vehicle Please enter your car (year, make and model) or its VIN.');

    const made = await ask('1hgcm8-2633a004352');
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ reason: "Part doesn't fit", vehicle: { vin: VIN }, status: 'REQUESTED' });
    expect(await orderStatus(order.orderId)).toBe('RETURNING');
    const [mail] = (await mailTo(order.email)).filter((message) => message.subject.includes(made.body.data.rma));
    expect(mail?.text).toContain(`${env.US_ORIGIN}/order/returns/${made.body.data.rma}`);

    const mine = await readReturn(made.body.data.rma, '', order.credentials);
    expect(mine.status).toBe(200);
    const link = mine.body.data.evidence[0]!.url;
    expect((await shop(`${US_HOST}${link}`, { headers: order.credentials })).status).toBe(200);

    // Another member sees neither the return nor its photo, even with the link.
    const stranger = bearer(await member(`stranger-${crypto.randomUUID().slice(0, 8)}@example.com`));
    expect((await readReturn(made.body.data.rma, '', stranger)).status).toBe(404);
    expect((await shop(`${US_HOST}${link}`, { headers: stranger })).status).toBe(403);
    expect((await shop(`${US_HOST}${link}`)).status).toBe(403);
  });
});

describe('asking twice', () => {
  it('answers a retried submit (same key) with the same return', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    const [photo] = await uploadIds(order, [fileOf('png')]);
    const body = {
      idempotencyKey: `retry-${crypto.randomUUID()}`,
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'Part no longer needed',
      uploadIds: [photo],
    };
    const first = await askReturn(order, body);
    const again = await askReturn(order, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data.rma).toBe(first.body.data.rma);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM order_return WHERE order_id = ?')
      .bind(order.orderId)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it('returns a unit once when several submits for it arrive at the same time', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const photos = await uploadIds(
      order,
      Array.from({ length: 6 }, () => fileOf('jpeg')),
    );
    const ask = (photo: string) =>
      askReturn(order, { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Part no longer needed', uploadIds: [photo] });
    const answers = await Promise.all(photos.map(ask));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.msg).toBe(
      'You cannot return more units than were shipped and not already returned.',
    );
    const held = await env.DB.prepare(
      'SELECT coalesce(sum(quantity), 0) AS n FROM order_return_line WHERE order_id = ?',
    )
      .bind(order.orderId)
      .first<{ n: number }>();
    expect(held?.n).toBe(1);
  });

  it("refuses in the batch itself a unit another return took after this one's checks", async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const returns = returnRepository(env.DB);
    // Both were checked against the same reading: one unit shipped, none held.
    const batch = (key: string) =>
      returns.run(
        returns.createStatements(
          {
            rma: newRmaNumber(Date.now()),
            orderId: order.orderId,
            key,
            reason: 'Other',
            text: null,
            vehicle: null,
            now: 1,
          },
          [{ lineNo: 1, quantity: 1, shipped: 1 }],
          [],
        ),
      );
    await batch('first-submit');
    await expect(batch('second-submit')).rejects.toThrow();
    expect(await returns.returnByKey(order.orderId, 'second-submit')).toBeNull();
  });
});
