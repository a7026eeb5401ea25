import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index.ts';
import { createApp } from '../../worker/app.ts';
import { trackingRepository } from '../../worker/tracking/repository.ts';
import { dayOf } from '../../worker/tracking/events.ts';
import type { EventSink } from '../../worker/tracking/sink.ts';
import { consumeEventBatch } from '../../worker/tracking/consumer.ts';
import { US_HOST, api } from './helpers.ts';

const TRACK = `${US_HOST}/data-service/public/event/track`;
const repository = () => trackingRepository(env.DB);

function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return api<{ accepted: boolean }>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A queued tracking message as the track call queues it. */
function trackMessage(id: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: 'track',
    id,
    event: 'page_view',
    data: { pageType: 'home' },
    pageUrl: `${US_HOST}/`,
    referrer: '',
    ts: Date.now(),
    clientId: 'c1',
    sessionId: 's1',
    albGroup: '',
    abTestGroup: 'A1',
    ip: '203.0.113.9',
    network: '4g',
    downlinkSpeed: '10',
    visitorKey: 'visitor-queue-test',
    market: 'us',
    at: Date.now(),
    ...overrides,
  };
}

function batchOf(bodies: unknown[]) {
  return createMessageBatch(
    'autohaven-events',
    bodies.map((body, i) => ({ id: `message-${i}-${crypto.randomUUID()}`, timestamp: Date.now(), attempts: 1, body })),
  );
}

describe('the tracking sink (issue 25)', () => {
  it('stores a browser event with every §7 field via the queue, the ip set by the server, cut to /24', async () => {
    const id = crypto.randomUUID();
    const ts = Date.now() - 1_000;
    const answer = await postJson(
      TRACK,
      {
        event: 'page_view',
        data: { pageType: 'product detail', itemId: 12 },
        page_url: `${US_HOST}/products/12`,
        referrer: 'https://www.example.com/',
        ts,
        client_id: 'client-1',
        id,
        session_id: 'session-1',
        alb_group: 'alb-7',
        ab_test_group: 'A2',
        ip: '6.6.6.6',
        netWork: '4g',
        downlinkSpeed: 9.5,
      },
      { 'cf-connecting-ip': '203.0.113.7' },
    );
    expect(answer.body).toMatchObject({ success: true, data: { accepted: true } });
    const [row] = await vi.waitFor(
      async () => {
        const rows = await repository().eventsByIds([id]);
        if (rows.length === 0) throw new Error('not stored yet');
        return rows;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(row).toMatchObject({
      id,
      event: 'page_view',
      page_url: `${US_HOST}/products/12`,
      referrer: 'https://www.example.com/',
      ts,
      client_id: 'client-1',
      session_id: 'session-1',
      alb_group: 'alb-7',
      ab_test_group: 'A2',
      ip: '203.0.113.0',
      network: '4g',
      downlink_speed: '9.5',
      market: 'us',
    });
    expect(JSON.parse(row?.data ?? '{}')).toEqual({ pageType: 'product detail', itemId: 12 });
    expect(row?.visitor_key.length).toBeGreaterThan(7);
  });

  it('stores a redelivered event once (idempotent by event id)', async () => {
    const id = crypto.randomUUID();
    const batch = batchOf([trackMessage(id), trackMessage(id, { data: { second: true } })]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<never>, env);
    expect((await getQueueResult(batch, ctx)).ackAll).toBe(true);
    await worker.queue(batchOf([trackMessage(id)]) as MessageBatch<never>, env);
    const rows = await repository().eventsByIds([id]);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.data ?? '{}')).toEqual({ pageType: 'home' });
  });

  it('counts and drops malformed events and stores the good ones of the same batch', async () => {
    const good = crypto.randomUUID();
    const before = (await repository().droppedOn(dayOf(Date.now()))).malformed ?? 0;
    const batch = batchOf([
      trackMessage(good),
      trackMessage(crypto.randomUUID(), { market: 'mars' }),
      trackMessage(crypto.randomUUID(), { event: '' }),
      { kind: 'nonsense' },
      null,
    ]);
    const ctx = createExecutionContext();
    const result = await consumeEventBatch(batch, env);
    expect(result).toEqual({ stored: 1, dropped: 4, retried: false });
    expect((await getQueueResult(batch, ctx)).ackAll).toBe(true);
    expect(await repository().eventsByIds([good])).toHaveLength(1);
    expect((await repository().droppedOn(dayOf(Date.now()))).malformed).toBe(before + 4);
  });

  it('retries the whole batch when the sink fails, and acknowledges nothing', async () => {
    const failing: EventSink = {
      name: 'd1',
      write: () => Promise.reject(new Error('D1 is down')),
      countDropped: () => Promise.resolve(),
    };
    const batch = batchOf([trackMessage(crypto.randomUUID())]);
    const result = await consumeEventBatch(batch, env, failing);
    expect(result.retried).toBe(true);
    const queue = await getQueueResult(batch, createExecutionContext());
    expect(queue.retryBatch.retry).toBe(true);
    expect(queue.ackAll).toBe(false);
  });

  it('answers the browser 200 even when the queue cannot take the event', async () => {
    const broken = { ...env, EVENTS: { send: () => Promise.reject(new Error('queue down')) } };
    const response = await createApp().request(
      TRACK,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'click' }) },
      broken,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, data: { accepted: false } });
  });
});
