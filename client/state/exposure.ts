import { EXPOSURE_CHUNK, EXPOSURE_FLUSH_MS } from '../../shared/constants.ts';
import { loading } from './loading.ts';
import { track } from './tracking.ts';

// Exposure tracking (§4, §9): product cards the shopper saw accumulate and are sent in chunks of 50,
// one second after the last one was seen and when a route change starts; then the list is emptied.

/** A product card that came into view. */
export interface ExposedItem {
  itemId: number;
}

/** Where exposure batches go; the event pipeline comes later (issue 6), so tests and other targets can stand in. */
export interface ExposureSink {
  send(batch: readonly ExposedItem[]): void;
}

/** One exposure store. */
export interface ExposureStore {
  /** Adds an item that came into view (once per flush) and restarts the flush timer. */
  expose(item: ExposedItem): void;
  /** Sends what has accumulated, in chunks, and empties the list. */
  flush(): void;
  /** What is waiting to be sent. */
  pending(): readonly ExposedItem[];
}

/** A store that flushes `flushMs` after the last change, in chunks of `chunk`. */
export function createExposureStore(
  sink: ExposureSink,
  flushMs = EXPOSURE_FLUSH_MS,
  chunk = EXPOSURE_CHUNK,
): ExposureStore {
  let items: ExposedItem[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const store: ExposureStore = {
    expose(item) {
      if (items.some((entry) => entry.itemId === item.itemId)) return;
      items.push(item);
      clearTimeout(timer);
      timer = setTimeout(store.flush, flushMs);
    },
    flush() {
      clearTimeout(timer);
      timer = undefined;
      const batch = items;
      items = [];
      for (let start = 0; start < batch.length; start += chunk) sink.send(batch.slice(start, start + chunk));
    },
    pending: () => items,
  };
  return store;
}

/** The default target: an 'exposure' event with the list of items (§3 Tracking) to the track call. */
export const trackingSink: ExposureSink = {
  send(batch) {
    const pageType =
      typeof document === 'undefined'
        ? undefined
        : document.querySelector('meta[name="page-type"]')?.getAttribute('content');
    track('exposure', { items: batch, pageType });
  },
};

/**
 * Flushes the store when a route change starts (the loading indicator turns on) and when the page
 * is left. Answers how to stop.
 */
export function flushOnRouteChange(
  store: ExposureStore,
  onRouteStart: (listener: () => void) => () => void = loadingStarts,
): () => void {
  return onRouteStart(() => store.flush());
}

function loadingStarts(listener: () => void): () => void {
  const stopSignal = loading.subscribe((active) => {
    if (active) listener();
  });
  // Leaving by the back button or the address bar starts no tracked route change.
  addEventListener('pagehide', listener);
  return () => {
    stopSignal();
    removeEventListener('pagehide', listener);
  };
}

let shared: { store: ExposureStore; observer: IntersectionObserver } | null = null;

/** The page's store and the observer that feeds it, made on first use in the browser. */
function page() {
  if (shared) return shared;
  const store = createExposureStore(trackingSink);
  flushOnRouteChange(store);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const itemId = Number((entry.target as HTMLElement).dataset.itemId);
        if (!entry.isIntersecting || !Number.isSafeInteger(itemId)) continue;
        store.expose({ itemId });
        // A card is reported once per page view.
        observer.unobserve(entry.target);
      }
    },
    { threshold: 0.5 },
  );
  shared = { store, observer };
  return shared;
}

/**
 * Reports the product cards of an item (`.product-card[data-item-id]`) when half of one comes into
 * view. For an island inside a card; answers the clean-up for its effect.
 */
export function observeExposure(itemId: number): () => void {
  if (typeof IntersectionObserver === 'undefined' || typeof document === 'undefined') return () => undefined;
  const { observer } = page();
  const cards = [...document.querySelectorAll(`.product-card[data-item-id="${itemId}"]`)];
  for (const card of cards) observer.observe(card);
  return () => {
    for (const card of cards) observer.unobserve(card);
  };
}
