import { STORAGE_KEY } from '../../shared/browser-keys.ts';
import type { CartAnswer } from '../../shared/cart.ts';
import { fromBase64, toBase64 } from '../../shared/base64.ts';

/**
 * The browser's encrypted copy of the cart (§4 Cart), so a reload shows it at once. AES-GCM
 * with a key that cannot be exported, kept in IndexedDB: what sits in localStorage is
 * unreadable to anything that copies storage out of the browser.
 */

const DB_NAME = 'shop-keys';
const STORE = 'keys';
const KEY_ID = 'cart';

function request<T>(run: () => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const pending = run();
    pending.onsuccess = () => resolve(pending.result);
    pending.onerror = () => reject(pending.error);
  });
}

async function openKeys(): Promise<IDBDatabase> {
  const opening = indexedDB.open(DB_NAME, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
  return request(() => opening);
}

let keyPromise: Promise<CryptoKey> | null = null;

/** The one cart key of this browser, made on first use. */
function cartKey(): Promise<CryptoKey> {
  keyPromise ??= (async () => {
    const db = await openKeys();
    const stored = (await request(() => db.transaction(STORE).objectStore(STORE).get(KEY_ID))) as CryptoKey | undefined;
    if (stored) return stored;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await request(() => db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, KEY_ID));
    return key;
  })();
  return keyPromise;
}

/** A stored part as bytes; a part that is no base64 fails the read like a forged one. */
const storedBytes = (text: string) => {
  const bytes = fromBase64(text);
  if (!bytes) throw new Error('not base64');
  return bytes;
};

/** Keeps an encrypted copy of the cart; with no cart (reset, signed out) nothing is kept. */
export async function saveCartCopy(cart: CartAnswer): Promise<void> {
  if (cart.cartUUID === null) {
    localStorage.removeItem(STORAGE_KEY.cart);
    return;
  }
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      await cartKey(),
      new TextEncoder().encode(JSON.stringify(cart)),
    ),
  );
  localStorage.setItem(STORAGE_KEY.cart, `${toBase64(iv)}.${toBase64(sealed)}`);
}

/** The cart as last seen, or null when there is none or it cannot be read (another key, tampering). */
export async function readCartCopy(): Promise<CartAnswer | null> {
  const stored = localStorage.getItem(STORAGE_KEY.cart);
  if (!stored?.includes('.')) return null;
  try {
    const [iv, sealed] = stored.split('.') as [string, string];
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: storedBytes(iv) },
      await cartKey(),
      storedBytes(sealed),
    );
    return JSON.parse(new TextDecoder().decode(plain)) as CartAnswer;
  } catch {
    localStorage.removeItem(STORAGE_KEY.cart);
    return null;
  }
}
