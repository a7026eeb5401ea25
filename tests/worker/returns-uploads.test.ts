import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_MSG } from '../../shared/returns.ts';
import { cleanUpReturnUploads } from '../../worker/returns/service.ts';
import { checkoutFixture } from './checkout-helpers.ts';
import { US_HOST, api, shop } from './helpers.ts';
import { askReturn, type Caller, fileOf, shippedGuestOrder, upload, uploadIds } from './returns-helpers.ts';

const MB = 1024 * 1024;
const HOUR = 3_600_000;

let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture(2);
});

const json = (method: string, path: string, body: unknown) =>
  api<{ uploadId: string; parts: { partNumber: number; size: number }[]; size: number; contentType: string }>(
    `${US_HOST}${path}`,
    { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );

const sendPart = (caller: Caller & { orderToken: string }, uploadId: string, partNumber: number, bytes: Uint8Array) =>
  api<{ parts: { partNumber: number; size: number }[] }>(
    `${US_HOST}/return-evidence/multipart/${uploadId}/${partNumber}?` +
      new URLSearchParams({ orderId: caller.orderId, orderToken: caller.orderToken }),
    {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(bytes.byteLength) },
      body: bytes as Uint8Array<ArrayBuffer>,
    },
  );

const objectKeyOf = async (uploadId: string) =>
  (
    await env.DB.prepare('SELECT object_key AS key FROM return_upload WHERE id = ?').bind(uploadId).first<{
      key: string;
    }>()
  )?.key;

describe('evidence kept in R2', () => {
  it('keeps the bytes privately under returns/{order}/ with the sniffed type, whatever the name says', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const bytes = fileOf('mov', 4096);
    const answer = await upload(order, 'clip.mp4', bytes, { 'content-type': 'image/png' });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      name: 'clip.mp4',
      kind: 'video',
      contentType: 'video/quicktime',
      size: 4096,
    });
    const key = (await objectKeyOf(answer.body.data.uploadId))!;
    expect(key).toMatch(new RegExp(`^returns/${order.orderId}/[0-9a-f]{32}$`));
    expect(key).not.toContain(answer.body.data.uploadId);
    const object = await env.MEDIA.get(key);
    expect(object?.httpMetadata?.contentType).toBe('video/quicktime');
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
  });

  it('refuses an upload that does not say its size', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const query = new URLSearchParams({ orderId: order.orderId, orderToken: order.orderToken, name: 'a.jpg' });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(fileOf('jpeg'));
        controller.close();
      },
    });
    const answer = await shop(`${US_HOST}/return-evidence?${query}`, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/octet-stream' },
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(411);
  });

  it('refuses an upload sent by a page of another site', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const query = new URLSearchParams({ orderId: order.orderId, orderToken: order.orderToken, name: 'a.jpg' });
    const bytes = fileOf('jpeg');
    const answer = await shop(`${US_HOST}/return-evidence?${query}`, {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example', 'content-length': String(bytes.byteLength) },
      body: bytes,
    });
    expect(answer.status).toBe(403);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM return_upload WHERE order_id = ?').bind(order.orderId).first(),
    ).toEqual({ n: 0 });
  });
});

describe('resumable video uploads (R2 multipart)', () => {
  it('takes a video in parts, tells the parts so far, and completes it into evidence', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const owner = { orderId: order.orderId, orderToken: order.orderToken };
    const opened = await json('POST', '/order/public/returns/uploads/multipart', { ...owner, name: 'noise.mp4' });
    expect(opened.status).toBe(200);
    const { uploadId } = opened.body.data;
    const video = fileOf('mp4', 5 * MB + 1000);
    const first = video.subarray(0, 5 * MB);
    const rest = video.subarray(5 * MB);

    const outOfOrder = await sendPart(order, uploadId, 2, rest);
    expect(outOfOrder.status).toBe(409);
    expect(outOfOrder.body.msg).toBe(RETURN_MSG.partOrder);
    expect((await sendPart(order, uploadId, 1, first)).status).toBe(200);
    const resumed = await api<{ parts: { partNumber: number; size: number }[] }>(
      `${US_HOST}/order/public/returns/uploads/multipart/${uploadId}?${new URLSearchParams(owner)}`,
    );
    expect(resumed.body.data.parts).toEqual([{ partNumber: 1, size: 5 * MB }]);
    expect((await sendPart(order, uploadId, 2, rest)).status).toBe(200);

    const done = await json('POST', '/order/public/returns/uploads/multipart/complete', { ...owner, uploadId });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ contentType: 'video/mp4', size: video.byteLength });
    const stored = await env.MEDIA.get((await objectKeyOf(uploadId))!);
    expect(stored?.size).toBe(video.byteLength);

    const asked = await askReturn(order, {
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: "Part doesn't work",
      text: 'Makes a grinding noise.',
      uploadIds: [uploadId],
    });
    expect(asked.status).toBe(201);
    const link = asked.body.data.evidence[0]!.url;
    const ranged = await shop(`${US_HOST}${link}`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${video.byteLength}`);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(video.subarray(0, 100));
  });

  it('refuses a first part that is not a video or image, and an upload it does not know', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const owner = { orderId: order.orderId, orderToken: order.orderToken };
    const { uploadId } = (await json('POST', '/order/public/returns/uploads/multipart', { ...owner, name: 'x.mp4' }))
      .body.data;
    expect((await sendPart(order, uploadId, 1, fileOf('pdf', 1000))).status).toBe(415);
    expect((await sendPart(order, 'f'.repeat(32), 1, fileOf('mp4', 1000))).status).toBe(404);
    const aborted = await json('POST', '/order/public/returns/uploads/multipart/abort', { ...owner, uploadId });
    expect(aborted.status).toBe(200);
    expect(
      (await json('POST', '/order/public/returns/uploads/multipart/complete', { ...owner, uploadId })).status,
    ).toBe(404);
  });
});

describe('the clean-up of evidence no return took', () => {
  it('deletes uploads unattached for a day, aborts stale resumable ones, keeps the evidence of returns', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 2 }]);
    const [kept, dropped] = await uploadIds(order, [fileOf('jpeg'), fileOf('png')]);
    await askReturn(order, { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Other', uploadIds: [kept] });
    const owner = { orderId: order.orderId, orderToken: order.orderToken };
    const open = (await json('POST', '/order/public/returns/uploads/multipart', { ...owner, name: 'v.mp4' })).body.data
      .uploadId;
    await sendPart(order, open, 1, fileOf('mp4', 5 * MB));
    const keys = await Promise.all([kept!, dropped!, open].map(objectKeyOf));
    const multipartId = (await env.DB.prepare('SELECT multipart_id AS id FROM return_upload WHERE id = ?')
      .bind(open)
      .first<{ id: string }>())!.id;

    const unattached = await env.DB.prepare(
      'SELECT count(*) AS n FROM return_upload WHERE id NOT IN (SELECT upload_id FROM return_evidence)',
    ).first<{ n: number }>();
    const now = Date.now();
    expect(await cleanUpReturnUploads(env, now)).toBe(0);
    expect(await cleanUpReturnUploads(env, now + 25 * HOUR)).toBe(unattached!.n);
    expect(await env.MEDIA.head(keys[0]!)).not.toBeNull();
    expect(await env.MEDIA.head(keys[1]!)).toBeNull();
    const rows = await env.DB.prepare('SELECT id FROM return_upload WHERE order_id = ?').bind(order.orderId).all();
    expect(rows.results).toEqual([{ id: kept }]);
    // The stale resumable upload was aborted at R2: it takes no more parts.
    const aborted = env.MEDIA.resumeMultipartUpload(keys[2]!, multipartId);
    await expect(aborted.uploadPart(2, new Uint8Array(10))).rejects.toThrow();
    expect(
      (await json('POST', '/order/public/returns/uploads/multipart/complete', { ...owner, uploadId: open })).status,
    ).toBe(404);
  });
});
