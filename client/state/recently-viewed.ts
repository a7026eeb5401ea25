import type { ApiClient } from '../../shared/api-client.ts';
import { API } from '../../shared/api-routes.ts';
import { STORAGE_KEY } from '../../shared/browser-keys.ts';
import { RECENTLY_VIEWED_LIMIT } from '../../shared/constants.ts';

/** A recently viewed product (§3: the item plus imageUrl and reviewRating). */
export interface ViewedItem {
  itemId: number;
  title: string;
  urlHandle: string;
  imageUrl: string | null;
  reviewRating: number | null;
}

/** The visitor's list in localStorage; after sign-in it mirrors the member's, so sign-out clears it. */
export const RECENTLY_VIEWED_KEY = 'recently-viewed';
const KEY = RECENTLY_VIEWED_KEY;
/**
 * What the list needs to keep a member's history on the server (§4: members on the server, visitors in the browser).
 */
export interface ViewedServer {
  /** Whether a member is signed in. */
  member(): boolean;
  /** The API client's call: a view is recorded by id, the visitor's list sent in one batch (§7). */
  call: ApiClient['call'];
}

const browserServer: ViewedServer = {
  member: () => typeof localStorage !== 'undefined' && Boolean(localStorage.getItem(STORAGE_KEY.token)),
  // Loaded on demand: a visitor's product page needs no API client for this.
  call: async (route, ...args) => (await import('../api.ts')).api.call(route, ...args),
};

export function readViewed(storage: Pick<Storage, 'getItem'> = localStorage): ViewedItem[] {
  try {
    const list = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? (list as ViewedItem[]).slice(0, RECENTLY_VIEWED_LIMIT) : [];
  } catch {
    return [];
  }
}

/**
 * Records a view (§4): newest first, no duplicates, at most 10 in this browser; a signed-in
 * member's view is recorded on the server too (a failure there is dropped: the page goes on).
 */
export function recordView(
  item: ViewedItem,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
  server: ViewedServer = browserServer,
): ViewedItem[] {
  const list = [item, ...readViewed(storage).filter((entry) => entry.itemId !== item.itemId)].slice(
    0,
    RECENTLY_VIEWED_LIMIT,
  );
  storage.setItem(KEY, JSON.stringify(list));
  if (server.member())
    void server.call(API.recentlyViewedAdd, undefined, { params: { id: item.itemId } }).catch(() => undefined);
  return list;
}

/**
 * On sign-in (§4): sends the list kept in this browser in one batch, newest first, and keeps the
 * member's merged list (which the server answers) in its place. On failure the local list stays.
 */
export async function pushViewed(
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
  server: ViewedServer = browserServer,
): Promise<void> {
  if (!server.member()) return;
  try {
    const merged = await server.call(API.recentlyViewedMerge, {
      itemIds: readViewed(storage).map((entry) => entry.itemId),
    });
    const list = merged
      .filter((entry) => entry.urlHandle)
      .map(({ itemId, title, urlHandle, imageUrl, reviewRating }) => ({
        itemId,
        title,
        urlHandle: urlHandle!,
        imageUrl,
        reviewRating,
      }));
    storage.setItem(KEY, JSON.stringify(list.slice(0, RECENTLY_VIEWED_LIMIT)));
  } catch {
    // The list stays in this browser; the next sign-in sends it again.
  }
}
