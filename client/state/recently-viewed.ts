import { RECENTLY_VIEWED_LIMIT } from '../../shared/constants.ts';

/** A recently viewed product (§3: the item plus imageUrl and reviewRating). */
export interface ViewedItem {
  itemId: number;
  title: string;
  urlHandle: string;
  imageUrl: string | null;
  reviewRating: number | null;
}

const KEY = 'recently-viewed';

export function readViewed(storage: Pick<Storage, 'getItem'> = localStorage): ViewedItem[] {
  try {
    const list = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? (list as ViewedItem[]).slice(0, RECENTLY_VIEWED_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Records a view (§4): newest first, no duplicates, at most 10. */
export function recordView(item: ViewedItem, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): ViewedItem[] {
  const list = [item, ...readViewed(storage).filter((entry) => entry.itemId !== item.itemId)].slice(0, RECENTLY_VIEWED_LIMIT);
  storage.setItem(KEY, JSON.stringify(list));
  return list;
}
