import { moveOrderTo } from './order-status-setup.ts';
import { env } from 'cloudflare:test';
import { NEW_YORK, shopper, type Quote } from './checkout-helpers.ts';
import { US_HOST, api } from './helpers.ts';

/** Orders shipped for the return tests, and evidence files made of the bytes each type starts with. */

const DAY = 86_400_000;

/** Ships every unit of every part of an order as the back office would leave it (shipment rows, SHIPPED). */
export async function shipAll(orderId: string, at: { shippedAt?: number; deliveredAt?: number | null } = {}) {
  const key = `ship-${crypto.randomUUID()}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO shipment (order_id, idempotency_key, carrier, tracking_number, shipped_at, delivered_at)
      VALUES (?, ?, 'ups', '1Z999AA10123456784', ?, ?)`,
    ).bind(orderId, key, at.shippedAt ?? Date.now() - DAY, at.deliveredAt ?? null),
    env.DB.prepare(
      `INSERT INTO shipment_line (shipment_id, order_id, line_no, quantity)
      SELECT s.id, l.order_id, l.line_no, l.quantity FROM order_line l JOIN shipment s ON s.idempotency_key = ?
      WHERE l.order_id = ? AND l.item_type <> 'CORE'`,
    ).bind(key, orderId),
  ]);
  await moveOrderTo(orderId, 'SHIPPED', Date.now() - 2 * DAY);
}

/** A guest's order of the parts, shipped: its number, the guest's email and order token. */
export async function shippedGuestOrder(parts: { skuId: number; quantity: number }[]) {
  const email = `guest-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const buyer = shopper(US_HOST);
  for (const part of parts) await buyer.add(part.skuId, part.quantity);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const placed = await buyer.call<{ order: { orderId: string }; orderToken: string }>(
    'POST',
    '/order/public/buyer/order/place',
    {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      email,
      address: NEW_YORK,
      paymentMethod: 'HOSTED_CARD',
      expectedTotal: quote.total,
    },
  );
  const { order, orderToken } = placed.body.data;
  await shipAll(order.orderId);
  return { orderId: order.orderId, email, orderToken };
}

/** A file of `size` bytes that starts as the type's magic numbers say. */
export function fileOf(
  type: 'jpeg' | 'png' | 'webp' | 'heic' | 'mp4' | 'mov' | 'pdf',
  size = 2048,
): Uint8Array<ArrayBuffer> {
  const text = (value: string) => [...value].map((char) => char.charCodeAt(0));
  const heads: Record<typeof type, number[]> = {
    jpeg: [0xff, 0xd8, 0xff, 0xe0, 0, 16, ...text('JFIF'), 0],
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...text('IHDR')],
    webp: [...text('RIFF'), 0, 0, 0, 0, ...text('WEBPVP8 ')],
    heic: [0, 0, 0, 24, ...text('ftypheic'), 0, 0, 0, 0],
    mp4: [0, 0, 0, 32, ...text('ftypisom'), 0, 0, 2, 0],
    mov: [0, 0, 0, 20, ...text('ftypqt  '), 0, 0, 2, 0],
    pdf: text('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n'),
  };
  const bytes = new Uint8Array(size);
  bytes.set(heads[type].slice(0, size));
  for (let i = heads[type].length; i < size; i++) bytes[i] = (i * 31) & 0xff;
  return bytes;
}

export interface Caller {
  orderId: string;
  orderToken?: string;
  headers?: Record<string, string>;
}

/** Sends an evidence file for the order as the shop's upload call takes it: the bytes as the body. */
export function upload(caller: Caller, name: string, bytes: Uint8Array, headers: Record<string, string> = {}) {
  const query = new URLSearchParams({ orderId: caller.orderId, name });
  if (caller.orderToken) query.set('orderToken', caller.orderToken);
  return api<{ uploadId: string; kind: string; contentType: string; size: number }>(
    `${US_HOST}/return-evidence?${query}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(bytes.byteLength),
        ...caller.headers,
        ...headers,
      },
      body: bytes as Uint8Array<ArrayBuffer>,
    },
  );
}

/** Uploads files and answers their upload ids (each upload must succeed). */
export async function uploadIds(caller: Caller, files: Uint8Array[], name = 'photo.jpg'): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    const answer = await upload(caller, name, file);
    if (answer.status !== 201) throw new Error(`upload refused: ${answer.status} ${answer.body.msg}`);
    ids.push(answer.body.data.uploadId);
  }
  return ids;
}

/** Asks for a return as the shopper's form sends it. */
export function askReturn(caller: Caller, body: Record<string, unknown>) {
  return api<ReturnAnswer>(`${US_HOST}/order/public/returns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...caller.headers },
    body: JSON.stringify({
      orderId: caller.orderId,
      orderToken: caller.orderToken,
      idempotencyKey: `return-${crypto.randomUUID()}`,
      ...body,
    }),
  });
}

export interface ReturnAnswer {
  rma: string;
  orderId: string;
  status: string;
  reason: string;
  text: string | null;
  vehicle: { vin?: string } | null;
  lines: { lineNo: number; quantity: number; title: string }[];
  history: { status: string }[];
  evidence: { uploadId: string; url: string; contentType: string; kind: string }[];
}
