import { IMAGE_RETRY_COUNT, IMAGE_RETRY_DELAY_MS } from '../shared/constants.ts';

const PLACEHOLDER = '/static/parts/placeholder.svg';

/** '/assets/static/parts/x-1A2B3C4D.svg' -> '/static/parts/x.svg'; null for any other address. */
const HASHED = /^\/assets(\/static\/.+)-[0-9A-F]{8}(\.\w+)$/;

/**
 * An image of a build that is no longer deployed (a saved cart, a page open since before a release)
 * links a hashed name that is gone: its plain name, which every release serves, is tried first.
 */
function plainName(image: HTMLImageElement): boolean {
  const match = new URL(image.src, location.href).pathname.match(HASHED);
  if (!match || image.dataset.plain) return false;
  image.dataset.plain = 'true';
  image.src = `${match[1]}${match[2]}`;
  return true;
}

/** One failed load: try again 1500 ms later, or show the placeholder after the third retry. */
function onFailure(image: HTMLImageElement): void {
  if (plainName(image)) return;
  if (!image.hasAttribute('data-retry') || image.dataset.failed) return;
  const tries = Number(image.dataset.tries ?? '0');
  const original = image.dataset.original ?? image.src;
  image.dataset.original = original;
  if (tries >= IMAGE_RETRY_COUNT) {
    image.dataset.failed = 'true';
    image.src = PLACEHOLDER;
    return;
  }
  image.dataset.tries = String(tries + 1);
  setTimeout(() => {
    image.src = `${original}${original.includes('?') ? '&' : '?'}retry=${tries + 1}`;
  }, IMAGE_RETRY_DELAY_MS);
}

/**
 * Images marked `data-retry` load when they come into view (native lazy loading) and, when one
 * fails, retry up to 3 times 1500 ms apart before the placeholder shows (§4, §8, §9). Images
 * that failed before this script ran are caught up at start.
 */
export function retryFailedImages(): void {
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) onFailure(event.target);
    },
    true,
  );
  for (const image of document.querySelectorAll<HTMLImageElement>('img[data-retry]')) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) onFailure(image);
  }
}
