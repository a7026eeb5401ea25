import type { Session, UserData } from '../../shared/api/accounts.ts';
import { API } from '../../shared/api-routes.ts';
import { STORAGE_KEY } from '../../shared/browser-keys.ts';
import { api, clearSession } from '../api.ts';
import { RECENTLY_VIEWED_KEY } from './recently-viewed.ts';

export const POSTAL_CODE_KEY = 'postCode';
const TOKEN_EXPIRES_KEY = 'tokenExpiresAt';

/**
 * After sign-in (§4 Login): keep the token with its validity, fetch the user, keep the
 * postal code. Saved vehicles join in with the garage.
 */
export async function storeSession(session: Session): Promise<UserData> {
  localStorage.setItem(STORAGE_KEY.token, session.accountToken);
  localStorage.setItem(TOKEN_EXPIRES_KEY, String(Date.now() + session.expiresIn * 1000));
  const user = await api.call(API.currentUser);
  localStorage.setItem(STORAGE_KEY.user, JSON.stringify(user));
  if (user.zipCode) localStorage.setItem(POSTAL_CODE_KEY, user.zipCode);
  await loadGarage();
  await import('./recently-viewed.ts').then((viewed) => viewed.pushViewed()).catch(() => undefined);
  return user;
}

/**
 * The member's saved vehicles: a garage kept in this browser is pushed to the server, and the
 * default vehicle applies, unless the shopper arrived by referral (§4 Login).
 */
async function loadGarage(): Promise<void> {
  const { garage } = await import('./garage.ts');
  if (document.cookie.split('; ').some((part) => part.startsWith('isReffer='))) return;
  await garage.pushLocalGarage().catch(() => undefined);
  const saved = await garage.load().catch(() => []);
  const preferred = saved.find((vehicle) => vehicle.isDefault);
  if (preferred) await garage.select(preferred.id).catch(() => undefined);
}

/** Signs out (§4 Logout): token and user, optionally the cart id, and the vehicle and search state. */
export async function signOut(clearCart = false): Promise<void> {
  await api.call(API.logout, { clearCart }).catch(() => undefined);
  clearSession();
  for (const key of [STORAGE_KEY.vehicle, STORAGE_KEY.search, TOKEN_EXPIRES_KEY, RECENTLY_VIEWED_KEY])
    localStorage.removeItem(key);
  if (clearCart) for (const key of [STORAGE_KEY.cartId, STORAGE_KEY.cart]) localStorage.removeItem(key);
}

/** With a token but a missing or mismatched stored user, the user is fetched again (§4). */
export async function syncStoredUser(userIdCookie: string | undefined): Promise<void> {
  if (!localStorage.getItem(STORAGE_KEY.token)) return;
  const stored = localStorage.getItem(STORAGE_KEY.user);
  const user = stored ? (JSON.parse(stored) as UserData) : null;
  if (user && userIdCookie && String(user.accountId) === userIdCookie) return;
  try {
    localStorage.setItem(STORAGE_KEY.user, JSON.stringify(await api.call(API.currentUser)));
  } catch {
    // A failed fetch silently leaves things as they are (§8).
  }
}
