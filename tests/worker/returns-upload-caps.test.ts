import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_LIMITS, RETURN_MSG } from '../../shared/returns.ts';
import { freshIp } from './account-helpers.ts';
import { checkoutFixture } from './checkout-helpers.ts';
import { US_HOST, api } from './helpers.ts';
import { fileOf, shippedGuestOrder, upload } from './returns-helpers.ts';

// Each request comes from its own IP: the per-IP limit on order lookups is not what these tests are about.

/**
 * Evidence limits held where the write happens (issue 35 finding 3): an order's uploads per day and
 * a resumable upload's bytes hold with a hundred requests at once; parts of unequal sizes are refused
 * as they come; a completion R2 refuses is aborted and forgotten. Nothing answers 500.
 */

const MB = 1024 * 1024;
let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture(1);
});

type Order = Awaited<ReturnType<typeof shippedGuestOrder>>;

const json = (method: string, path: string, body: unknown) =>
  api<{ uploadId: string; parts: { partNumber: number; size: number }[]; size: number }>(`${US_HOST}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
    body: JSON.stringify(body),
  });

const owner = (order: Order) => ({ orderId: order.orderId, orderToken: order.orderToken });
const open = async (order: Order, name = 'clip.mp4') =>
  (await json('POST', '/order/public/returns/uploads/multipart', { ...owner(order), name })).body.data.uploadId;
const complete = (order: Order, uploadId: string) =>
  json('POST', '/order/public/returns/uploads/multipart/complete', { ...owner(order), uploadId });
const sendPart = (order: Order, uploadId: string, partNumber: number, bytes: Uint8Array) =>
  api<{ parts: { partNumber: number; size: number }[] }>(
    `${US_HOST}/return-evidence/multipart/${uploadId}/${partNumber}?${new URLSearchParams(owner(order))}`,
    {
      method: 'PUT',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(bytes.byteLength),
        'cf-connecting-ip': freshIp(),
      },
      body: bytes as Uint8Array<ArrayBuffer>,
    },
  );
const rowsOf = async (orderId: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM return_upload WHERE order_id = ?`)
    .bind(orderId)
    .first<{ n: number }>())!.n;
const storedObjects = async (orderId: string) => (await env.MEDIA.list({ prefix: `returns/${orderId}/` })).objects;

describe("an order's uploads per day", () => {
  it(`stores ${RETURN_LIMITS.uploadsPerOrderPerDay} of 100 photos sent at once; the rest get 429, no 500`, async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        upload(order, `photo-${index}.jpg`, fileOf('jpeg', 4096), { 'cf-connecting-ip': freshIp() }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(RETURN_LIMITS.uploadsPerOrderPerDay);
    expect(new Set(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.msg}`))).toEqual(
      new Set([`429 ${RETURN_MSG.uploadLimit}`]),
    );
    expect(await rowsOf(order.orderId)).toBe(RETURN_LIMITS.uploadsPerOrderPerDay);
    expect(await storedObjects(order.orderId)).toHaveLength(RETURN_LIMITS.uploadsPerOrderPerDay);
  });

  it('counts resumable uploads too: 100 opened at once, no more than the limit open, the rest aborted', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        json('POST', '/order/public/returns/uploads/multipart', { ...owner(order), name: 'clip.mp4' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(RETURN_LIMITS.uploadsPerOrderPerDay);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(await rowsOf(order.orderId)).toBe(RETURN_LIMITS.uploadsPerOrderPerDay);
  });
});

describe("a resumable upload's bytes", () => {
  it('100 parts sent at once never come to more than the limit of the file type, and none gets a 500', {
    timeout: 180_000,
  }, async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const uploadId = await open(order, 'photo.jpg');
    const part = fileOf('jpeg', 5 * MB);
    expect((await sendPart(order, uploadId, 1, part)).status).toBe(200);
    // A photo may be 10 MB: of 99 more parts of 5 MB sent at once, one fits.
    const rest = Array.from({ length: 99 }, (_, index) => index + 2);
    const answers = await Promise.all(rest.map((partNumber) => sendPart(order, uploadId, partNumber, part)));
    const taken = answers.filter((answer) => answer.status === 200);
    expect(taken).toHaveLength(RETURN_LIMITS.imageMaxBytes / (5 * MB) - 1);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.msg}`))).toEqual(
      new Set([`413 ${RETURN_MSG.imageTooLarge}`]),
    );
    const sizes = await env.DB.prepare(`SELECT sum(size) AS bytes FROM return_upload_part WHERE upload_id = ?`)
      .bind(uploadId)
      .first<{ bytes: number }>();
    expect(sizes!.bytes).toBeLessThanOrEqual(RETURN_LIMITS.imageMaxBytes);
  });

  it('refuses a part of another size than the first as it comes, saying the size to send', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const uploadId = await open(order);
    const first = fileOf('mp4', 5 * MB);
    expect((await sendPart(order, uploadId, 1, first)).status).toBe(200);
    const larger = await sendPart(order, uploadId, 2, new Uint8Array(5 * MB + 1));
    expect(larger.status).toBe(400);
    expect(larger.body.msg).toBe(RETURN_MSG.partSizes(5 * MB));
    expect((await sendPart(order, uploadId, 2, new Uint8Array(1000))).status).toBe(200); // a smaller last part
    const after = await sendPart(order, uploadId, 3, new Uint8Array(5 * MB));
    expect(after.status).toBe(400);
    expect(after.body.msg).toBe(RETURN_MSG.partSizes(5 * MB));
    const done = await complete(order, uploadId);
    expect(done.status).toBe(200);
    expect(done.body.data.size).toBe(5 * MB + 1000);
  });

  it('aborts and forgets an upload whose parts R2 cannot put together, answering 400, not 500', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const uploadId = await open(order);
    expect((await sendPart(order, uploadId, 1, fileOf('mp4', 5 * MB))).status).toBe(200);
    const row = (await env.DB.prepare(
      `SELECT object_key AS objectKey, multipart_id AS multipartId FROM return_upload WHERE id = ?`,
    )
      .bind(uploadId)
      .first<{ objectKey: string; multipartId: string }>())!;
    // A part the shop recorded that R2 never took (its etag is not R2's).
    await env.DB.prepare(`INSERT INTO return_upload_part (upload_id, part_number, etag, size) VALUES (?, 2, ?, 10)`)
      .bind(uploadId, 'not-an-etag')
      .run();
    const done = await complete(order, uploadId);
    expect(done.status).toBe(400);
    expect(done.body.msg).toBe(RETURN_MSG.notAssembled);
    expect(await rowsOf(order.orderId)).toBe(0);
    const aborted = env.MEDIA.resumeMultipartUpload(row.objectKey, row.multipartId);
    await expect(aborted.uploadPart(3, new Uint8Array(10))).rejects.toThrow();
    expect(await storedObjects(order.orderId)).toHaveLength(0);
  });

  it('completes once when asked twice at once, and answers the stored file to both', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const uploadId = await open(order);
    expect((await sendPart(order, uploadId, 1, fileOf('mp4', 1000))).status).toBe(200);
    const [one, two] = await Promise.all([complete(order, uploadId), complete(order, uploadId)]);
    const statuses = [one.status, two.status];
    expect(statuses).toContain(200);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const again = await complete(order, uploadId);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ uploadId, size: 1000 });
    expect(await storedObjects(order.orderId)).toHaveLength(1);
  });
});
