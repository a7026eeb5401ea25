import { IMAGE_RETRY_COUNT, IMAGE_RETRY_DELAY_MS } from '../shared/constants.ts';

const PLACEHOLDER = '/static/parts/placeholder.svg';

/** One failed load: try again 1500 ms later, or show the placeholder after the third retry. */
function onFailure(image: HTMLImageElement): void {
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
