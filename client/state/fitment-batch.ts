import type { CardFit } from '../../shared/api/vehicles.ts';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';

export type { CardFit };

let pending: { key: string; waiters: Map<number, ((fit: CardFit | null) => void)[]> } | null = null;

/** Cards hydrate one by one, each on its own root; a short window lets a whole page ask together. */
const BATCH_WINDOW_MS = 50;

/**
 * The fit of one product card for a vehicle, given as its node ids comma-joined (year first). Cards that ask within
 * the same short window share one request (up to 100 products), so a page of results costs one call, not one per card.
 */
export function fitOf(itemId: number, vehicleIds: string): Promise<CardFit | null> {
  const key = vehicleIds;
  if (!pending || pending.key !== key) {
    const batch = { key, waiters: new Map<number, ((fit: CardFit | null) => void)[]>() };
    pending = batch;
    setTimeout(() => void flush(batch), BATCH_WINDOW_MS);
  }
  const batch = pending;
  return new Promise((resolve) => batch.waiters.set(itemId, [...(batch.waiters.get(itemId) ?? []), resolve]));
}

async function flush(batch: NonNullable<typeof pending>): Promise<void> {
  if (pending === batch) pending = null;
  const ids = [...batch.waiters.keys()];
  for (let start = 0; start < ids.length; start += 100) {
    const chunk = ids.slice(start, start + 100);
    const answers = await api
      .call(API.fitmentMatchList, { itemIds: chunk, attributeValueIds: batch.key })
      .catch(() => [] as CardFit[]);
    const byId = new Map(answers.map((answer) => [answer.itemId, answer]));
    for (const id of chunk) for (const resolve of batch.waiters.get(id) ?? []) resolve(byId.get(id) ?? null);
  }
}
