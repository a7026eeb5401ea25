import { describe, expect, it } from 'vitest';
import { readViewed, recordView } from '../../client/state/recently-viewed.ts';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
};
const item = (itemId: number) => ({ itemId, title: `Part ${itemId}`, urlHandle: `part-${itemId}`, imageUrl: null, reviewRating: 4.5 });

describe('recently viewed (§4)', () => {
  it('keeps up to 10 items, newest first, without duplicates', () => {
    const storage = memory();
    for (let id = 1; id <= 12; id++) recordView(item(id), storage);
    recordView(item(5), storage);
    const list = readViewed(storage);
    expect(list).toHaveLength(10);
    expect(list.map((entry) => entry.itemId)).toEqual([5, 12, 11, 10, 9, 8, 7, 6, 4, 3]);
  });

  it('survives a broken stored list', () => {
    const storage = memory();
    storage.setItem('recently-viewed', '{not json');
    expect(readViewed(storage)).toEqual([]);
  });
});
