import { moveOrderTo } from './order-status-setup.ts';
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_MSG, RETURN_REASONS } from '../../shared/returns.ts';
import { checkoutFixture } from './checkout-helpers.ts';
import { orderStatus, paidMemberOrder } from './fulfilment-helpers.ts';
import { askReturn, fileOf, shipAll, shippedGuestOrder, upload, uploadIds } from './returns-helpers.ts';

const DAY = 86_400_000;
const MB = 1024 * 1024;

let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture(3);
});

const storedEvidence = async () => (await env.MEDIA.list({ prefix: 'returns/' })).objects.length;

describe('evidence uploads refused', () => {
  it('refuses a file named .jpg whose bytes are a PDF (415), and stores nothing', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const before = await storedEvidence();
    const answer = await upload(order, 'photo.jpg', fileOf('pdf'), { 'content-type': 'image/jpeg' });
    expect(answer.status).toBe(415);
    expect(answer.body.msg).toBe(RETURN_MSG.fileType);
    expect(await storedEvidence()).toBe(before);
  });

  it('refuses an image over 10 MB (413), and stores nothing', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const before = await storedEvidence();
    const answer = await upload(order, 'big.jpg', fileOf('jpeg', 10 * MB + 1));
    expect(answer.status).toBe(413);
    expect(answer.body.msg).toBe('Images can be at most 10 MB each.');
    expect(await storedEvidence()).toBe(before);
    // Exactly 10 MB is accepted.
    expect((await upload(order, 'limit.jpg', fileOf('jpeg', 10 * MB))).status).toBe(201);
  });

  it("answers another shopper's order (or a guest without its token) as not found", async () => {
    const theirs = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const member = await paidMemberOrder([{ skuId: skuIds[1]!, quantity: 1 }], 'other');
    expect((await upload({ orderId: theirs.orderId }, 'a.jpg', fileOf('jpeg'))).status).toBe(404);
    expect(
      (await upload({ orderId: theirs.orderId, headers: member.credentials }, 'a.jpg', fileOf('jpeg'))).status,
    ).toBe(404);
    const asked = await askReturn(
      { orderId: theirs.orderId, headers: member.credentials },
      { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Other', uploadIds: [] },
    );
    expect(asked.status).toBe(404);
    expect(asked.body.msg).toBe('This order could not be found.');
  });

  it('refuses evidence for an order that has not shipped', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[2]!, quantity: 1 }], 'unshipped');
    const answer = await upload({ orderId: order.orderId, headers: order.credentials }, 'a.jpg', fileOf('jpeg'));
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(RETURN_MSG.notReturnable);
  });
});

describe('returns refused', () => {
  it('refuses 11 files', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const ids = await uploadIds(
      order,
      Array.from({ length: 11 }, () => fileOf('jpeg')),
    );
    const asked = await askReturn(order, { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Other', uploadIds: ids });
    expect(asked.status).toBe(400);
    expect(asked.body.msg).toBe(`uploadIds ${RETURN_MSG.tooManyFiles}`);
    const ten = await askReturn(order, {
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'Other',
      uploadIds: ids.slice(1),
    });
    expect(ten.status).toBe(201);
  });

  it('refuses lines not bought, and more units than shipped', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 2 }]);
    const [photo] = await uploadIds(order, [fileOf('jpeg')]);
    const ask = (lineNo: number, quantity: number) =>
      askReturn(order, { lines: [{ lineNo, quantity }], reason: 'Other', uploadIds: [photo] });
    const notBought = await ask(7, 1);
    expect(notBought.status).toBe(400);
    expect(notBought.body.msg).toBe(`lines ${RETURN_MSG.lineNotShipped}`);
    expect((await ask(1, 3)).status).toBe(409);
    expect(await orderStatus(order.orderId)).toBe('SHIPPED');
  });

  it('refuses units already returned, and lets the rest of the line go back', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 2 }]);
    const [a, b, c] = await uploadIds(order, [fileOf('jpeg'), fileOf('jpeg'), fileOf('jpeg')]);
    const ask = (quantity: number, photo: string) =>
      askReturn(order, { lines: [{ lineNo: 1, quantity }], reason: 'Other', uploadIds: [photo] });
    expect((await ask(1, a!)).status).toBe(201);
    const twice = await ask(2, b!);
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe(RETURN_MSG.tooMany);
    expect((await ask(1, b!)).status).toBe(201);
    expect((await ask(1, c!)).status).toBe(409);
  });

  it('refuses a closed window: 30 days from delivery, or from shipping when no delivery is known', async () => {
    const late = await shippedGuestOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    await env.DB.prepare('UPDATE shipment SET shipped_at = ? WHERE order_id = ?')
      .bind(Date.now() - 31 * DAY, late.orderId)
      .run();
    const [photo] = await uploadIds(late, [fileOf('jpeg')]);
    const ask = (caller: { orderId: string; orderToken: string }, uploadId: string) =>
      askReturn(caller, { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Other', uploadIds: [uploadId] });
    const closed = await ask(late, photo!);
    expect(closed.status).toBe(400);
    expect(closed.body.msg).toBe(`lines ${RETURN_MSG.windowClosed(30)}`);

    // Delivered 29 days ago: the window is still open although it shipped 31 days ago.
    await env.DB.prepare('UPDATE shipment SET delivered_at = ? WHERE order_id = ?')
      .bind(Date.now() - 29 * DAY, late.orderId)
      .run();
    expect((await ask(late, photo!)).status).toBe(201);
  });

  it('refuses forged upload ids, uploads of another order, and an upload used twice', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 2 }]);
    const other = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const [mine] = await uploadIds(order, [fileOf('jpeg')]);
    const [theirs] = await uploadIds(other, [fileOf('jpeg')]);
    const ask = (ids: string[]) =>
      askReturn(order, { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Other', uploadIds: ids });
    for (const ids of [['0123456789abcdef0123456789abcdef'], [theirs!]]) {
      const refused = await ask(ids);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe(`uploadIds ${RETURN_MSG.unknownUpload}`);
    }
    expect((await ask([mine!])).status).toBe(201);
    expect((await ask([mine!])).body.msg).toBe(`uploadIds ${RETURN_MSG.unknownUpload}`);
  });

  it('asks each reason for its evidence: enough photos, the text, no video where photos are asked', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 3 }]);
    const photos = await uploadIds(order, [fileOf('jpeg'), fileOf('png')]);
    const [video] = await uploadIds(order, [fileOf('mp4')], 'clip.mov');
    const ask = (reason: string, ids: string[], text?: string) =>
      askReturn(order, { lines: [{ lineNo: 1, quantity: 1 }], reason, text, uploadIds: ids });

    const damaged = await ask('Part was damaged', photos);
    expect(damaged.body.msg).toBe(`uploadIds ${RETURN_MSG.files(RETURN_REASONS['Part was damaged'])}`);
    expect((await ask('Received wrong part', photos)).body.msg).toBe(`text ${RETURN_MSG.text}`);
    expect((await ask('Part no longer needed', [video!])).body.msg).toBe(`uploadIds ${RETURN_MSG.wrongKind}`);
    expect((await ask('Other', [])).body.msg).toBe(`uploadIds ${RETURN_MSG.files(RETURN_REASONS.Other)}`);
    const unknown = await ask('Changed my mind', photos);
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe(`reason ${RETURN_MSG.reason}`);

    const works = await ask("Part doesn't work", [video!], 'It clicks and stops after a minute.');
    expect(works.status).toBe(201);
    expect(works.body.data.evidence[0]).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
  });
});

describe('a member order', () => {
  it('accepts the shipped lines of a partly shipped order only', async () => {
    const order = await paidMemberOrder(
      [
        { skuId: skuIds[0]!, quantity: 1 },
        { skuId: skuIds[1]!, quantity: 1 },
      ],
      'partial',
    );
    await shipAll(order.orderId);
    await env.DB.prepare('DELETE FROM shipment_line WHERE order_id = ? AND line_no = 2').bind(order.orderId).run();
    await moveOrderTo(order.orderId, 'PARTIAL_SHIPMENT');
    const caller = { orderId: order.orderId, headers: order.credentials };
    const [photo] = await uploadIds(caller, [fileOf('jpeg')]);
    const ask = (lineNo: number) =>
      askReturn(caller, { lines: [{ lineNo, quantity: 1 }], reason: 'Other', uploadIds: [photo] });
    expect((await ask(2)).body.msg).toBe(`lines ${RETURN_MSG.lineNotShipped}`);
    expect((await ask(1)).status).toBe(201);
    expect(await orderStatus(order.orderId)).toBe('RETURNING');
  });
});
