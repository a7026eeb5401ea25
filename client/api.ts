import { createApiClient } from '../shared/api-client.ts';
import { STORAGE_KEY } from '../shared/browser-keys.ts';
import { COOKIE } from '../shared/constants.ts';
import { serviceExceptionMessage } from '../shared/messages.ts';
import { notify } from './state/notices.ts';

function cookie(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : undefined;
}

/** Clears what a signed-in session keeps in the browser (§4 Login: a 401 answer). */
export function clearSession(): void {
  for (const key of [STORAGE_KEY.token, STORAGE_KEY.user, STORAGE_KEY.cart, STORAGE_KEY.cartId])
    localStorage.removeItem(key);
}

// Read when a request is made, not on import: islands are imported on the server too.
const root = (): DOMStringMap => (typeof document === 'undefined' ? {} : document.documentElement.dataset);

/** The browser's client for the shop API (§7). */
export const api = createApiClient({
  get baseUrl() {
    return root().apiOrigin ?? '';
  },
  get shopId() {
    return root().shopId ?? '1';
  },
  getToken: () => localStorage.getItem(STORAGE_KEY.token),
  getVisitorKey: () => cookie(COOKIE.visitorKey),
  getDiversionName: () => cookie(COOKIE.abTestGroup),
  onUnauthorized: () => {
    clearSession();
    location.assign('/login');
  },
  onNetworkError: () =>
    notify(serviceExceptionMessage(root().shopName ?? 'AutoHaven'), 'error', undefined, { liveChat: true }),
});
