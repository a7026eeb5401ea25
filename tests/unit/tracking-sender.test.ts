import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBatcher,
  createTracker,
  throttle,
  type TrackerDeps,
  type TrackIds,
} from '../../client/tracking/sender.ts';
import { EXPOSURE_CHUNK, EXPOSURE_FLUSH_MS } from '../../shared/constants.ts';
import {
  TRACK_FAILURE_RETRY_MS,
  TRACK_IDS_RETRY_MAX_MS,
  TRACK_IDS_RETRY_MIN_MS,
  UNIVERSAL_FIT_THROTTLE_MS,
} from '../../shared/tracking.ts';

const FULL_IDS: TrackIds = {
  clientId: 'client-1',
  sessionId: 'session-1',
  abTestGroup: 'A1',
  albGroup: 'alb',
  netWork: '4g',
  downlinkSpeed: '10',
};

/** A browser stand-in that records what the tracker sends; `answers` says how each send ends. */
function fakeBrowser(options: { ids?: () => TrackIds; answers?: boolean[]; online?: boolean; random?: number } = {}) {
  const sent: { event: string; [field: string]: unknown }[] = [];
  const answers = [...(options.answers ?? [])];
  let next = 0;
  const deps: TrackerDeps = {
    transport: async (body) => {
      sent.push(JSON.parse(body));
      return answers.shift() ?? true;
    },
    ids: options.ids ?? (() => FULL_IDS),
    online: () => options.online ?? true,
    random: () => options.random ?? 0,
    newId: () => `event-${++next}`,
    now: () => Date.now(),
    page: () => ({ url: 'http://us.shop.localhost/parts', referrer: 'http://us.shop.localhost/' }),
  };
  const track = createTracker(deps);
  return { sent, track, flush: track.flush };
}

/** Lets the tracker's promise callbacks run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the tracker (§7 payload, §8 retries)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends every §7 field at once when the ids are there', async () => {
    const browser = fakeBrowser();
    browser.track('page_view', { pageType: 'home' });
    await settle();
    expect(browser.sent).toHaveLength(1);
    expect(browser.sent[0]).toEqual({
      event: 'page_view',
      data: { pageType: 'home' },
      page_url: 'http://us.shop.localhost/parts',
      referrer: 'http://us.shop.localhost/',
      ts: Date.now(),
      client_id: 'client-1',
      id: 'event-1',
      session_id: 'session-1',
      alb_group: 'alb',
      ab_test_group: 'A1',
      netWork: '4g',
      downlinkSpeed: '10',
    });
  });

  it('waits 2 to 2.5 s when ids are missing, then sends with the ids it has by then', async () => {
    let ids: TrackIds = { ...FULL_IDS, abTestGroup: '' };
    const early = fakeBrowser({ ids: () => ids, random: 0 });
    early.track('click');
    await vi.advanceTimersByTimeAsync(TRACK_IDS_RETRY_MIN_MS - 1);
    expect(early.sent).toEqual([]);
    ids = FULL_IDS;
    await vi.advanceTimersByTimeAsync(1);
    expect(early.sent.map((event) => event.ab_test_group)).toEqual(['A1']);

    ids = { ...FULL_IDS, clientId: '' };
    const late = fakeBrowser({ ids: () => ids, random: 0.999_999 });
    late.track('click');
    await vi.advanceTimersByTimeAsync(TRACK_IDS_RETRY_MAX_MS - 1);
    expect(late.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // Still missing after the wait: sent with what there is, never held back for good.
    expect(late.sent).toHaveLength(1);
    expect(late.sent[0]?.client_id).toBe('');
  });

  it('sends events still waiting for their ids at once when the page is left', async () => {
    const browser = fakeBrowser({ ids: () => ({ ...FULL_IDS, abTestGroup: '' }) });
    browser.track('page_view');
    await vi.advanceTimersByTimeAsync(100);
    expect(browser.sent).toEqual([]);
    browser.flush();
    await settle();
    expect(browser.sent.map((event) => event.event)).toEqual(['page_view']);
    await vi.advanceTimersByTimeAsync(TRACK_IDS_RETRY_MAX_MS);
    expect(browser.sent).toHaveLength(1);
  });

  it('on a failure reports one error event and retries once after 2 s when online', async () => {
    const browser = fakeBrowser({ answers: [false, true, false] });
    browser.track('add_to_cart', { itemId: 3 });
    await settle();
    expect(browser.sent.map((event) => event.event)).toEqual(['add_to_cart', 'error']);
    expect(browser.sent[1]?.data).toEqual({ message: 'tracker failure', event: 'add_to_cart' });
    await vi.advanceTimersByTimeAsync(TRACK_FAILURE_RETRY_MS - 1);
    expect(browser.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.sent.map((event) => event.event)).toEqual(['add_to_cart', 'error', 'add_to_cart']);
    // The retry failed too: no second retry, no second error report.
    await vi.advanceTimersByTimeAsync(10 * TRACK_FAILURE_RETRY_MS);
    expect(browser.sent).toHaveLength(3);
    expect(browser.sent[2]?.id).toBe(browser.sent[0]?.id);
  });

  it('does not retry when offline, and never reports a failed error event', async () => {
    const offline = fakeBrowser({ answers: [false, false], online: false });
    offline.track('page_view');
    await vi.advanceTimersByTimeAsync(10 * TRACK_FAILURE_RETRY_MS);
    expect(offline.sent.map((event) => event.event)).toEqual(['page_view', 'error']);
    const failingError = fakeBrowser({ answers: [false] });
    failingError.track('error', { message: 'boom' });
    await vi.advanceTimersByTimeAsync(10 * TRACK_FAILURE_RETRY_MS);
    expect(failingError.sent).toHaveLength(1);
  });
});

describe('throttle and batcher timing (§4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the universal-fit event at most once per 2000 ms', () => {
    const calls: number[] = [];
    const send = throttle((n: number) => calls.push(n), UNIVERSAL_FIT_THROTTLE_MS);
    send(1);
    send(2);
    vi.advanceTimersByTime(UNIVERSAL_FIT_THROTTLE_MS - 1);
    send(3);
    vi.advanceTimersByTime(1);
    send(4);
    expect(calls).toEqual([1, 4]);
  });

  it('flushes modules 1000 ms after the last new one, in chunks of 50, each once per page', () => {
    const chunks: string[][] = [];
    const batcher = createBatcher<string>((chunk) => chunks.push(chunk), EXPOSURE_FLUSH_MS, EXPOSURE_CHUNK);
    for (let i = 0; i < 60; i++) batcher.add(`module-${i}`);
    vi.advanceTimersByTime(EXPOSURE_FLUSH_MS - 1);
    batcher.add('module-0');
    expect(chunks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(chunks.map((chunk) => chunk.length)).toEqual([50, 10]);
    batcher.add('module-61');
    batcher.flush();
    expect(chunks[2]).toEqual(['module-61']);
    vi.advanceTimersByTime(EXPOSURE_FLUSH_MS);
    expect(chunks).toHaveLength(3);
  });
});
