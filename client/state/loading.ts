import { signal } from '@preact/signals-core';

/** The global loading indicator: on when a route change starts, off when it completes (§4). */
export const loading = signal(false);

/** Whether a click on this link leaves for another page of this shop in the same tab. */
export function isRouteChange(link: HTMLAnchorElement, event: MouseEvent, here: Location): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  const url = new URL(link.href, here.href);
  if (url.origin !== here.origin) return false;
  return url.pathname !== here.pathname || url.search !== here.search;
}

/** Turns the indicator on for same-shop navigations and off when a page is shown again. */
export function watchNavigation(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (link instanceof HTMLAnchorElement && isRouteChange(link, event, location)) loading.value = true;
  });
  document.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) loading.value = true;
  });
  addEventListener('pageshow', () => {
    loading.value = false;
  });
}
