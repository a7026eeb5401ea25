import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExposureStore, flushOnRouteChange, type ExposedItem, type ExposureSink } from './exposure.ts';
import { EXPOSURE_CHUNK, EXPOSURE_FLUSH_MS } from '../../shared/constants.ts';

/** A sink that records every batch it is sent. */
class RecordingSink implements ExposureSink {
  batches: ExposedItem[][] = [];
  send(batch: readonly ExposedItem[]) {
    this.batches.push([...batch]);
  }
  ids() {
    return this.batches.map((batch) => batch.map((item) => item.itemId));
  }
}

const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('exposure tracking (§4, §9)', () => {
  let sink: RecordingSink;
  beforeEach(() => {
    vi.useFakeTimers();
    sink = new RecordingSink();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('flushes 1000 ms after the last change, not before, then empties the list', () => {
    const store = createExposureStore(sink);
    store.expose({ itemId: 1 });
    vi.advanceTimersByTime(EXPOSURE_FLUSH_MS - 1);
    store.expose({ itemId: 2 });
    vi.advanceTimersByTime(EXPOSURE_FLUSH_MS - 1);
    expect(sink.batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sink.ids()).toEqual([[1, 2]]);
    expect(store.pending()).toEqual([]);
    vi.advanceTimersByTime(10 * EXPOSURE_FLUSH_MS);
    expect(sink.batches).toHaveLength(1);
  });

  it('sends in chunks of 50', () => {
    const store = createExposureStore(sink);
    for (const itemId of ids(1, 2 * EXPOSURE_CHUNK + 3)) store.expose({ itemId });
    vi.advanceTimersByTime(EXPOSURE_FLUSH_MS);
    expect(sink.ids()).toEqual([ids(1, 50), ids(51, 50), ids(101, 3)]);
  });

  it('counts an item once until the list is flushed, and again after', () => {
    const store = createExposureStore(sink);
    store.expose({ itemId: 7 });
    store.expose({ itemId: 7 });
    vi.advanceTimersByTime(EXPOSURE_FLUSH_MS);
    store.expose({ itemId: 7 });
    vi.advanceTimersByTime(EXPOSURE_FLUSH_MS);
    expect(sink.ids()).toEqual([[7], [7]]);
  });

  it('flushes at once when a route change starts, and sends nothing when nothing was seen', () => {
    const store = createExposureStore(sink);
    let startRoute = () => {};
    const stop = flushOnRouteChange(store, (listener) => {
      startRoute = listener;
      return () => {
        startRoute = () => {};
      };
    });
    startRoute();
    expect(sink.batches).toEqual([]);
    store.expose({ itemId: 3 });
    startRoute();
    expect(sink.ids()).toEqual([[3]]);
    // The pending timer was cleared: nothing is sent twice.
    vi.advanceTimersByTime(EXPOSURE_FLUSH_MS);
    expect(sink.batches).toHaveLength(1);
    stop();
    store.expose({ itemId: 4 });
    startRoute();
    expect(sink.batches).toHaveLength(1);
  });

  it('flushes on the loading indicator turning on by default', async () => {
    const { loading } = await import('./loading.ts');
    vi.stubGlobal('addEventListener', () => undefined);
    vi.stubGlobal('removeEventListener', () => undefined);
    const store = createExposureStore(sink);
    const stop = flushOnRouteChange(store);
    store.expose({ itemId: 9 });
    loading.value = true;
    expect(sink.ids()).toEqual([[9]]);
    loading.value = false;
    stop();
  });
});
