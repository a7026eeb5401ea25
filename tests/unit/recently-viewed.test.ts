import { describe, expect, it } from 'vitest';
import { fillPath, type CallArgs } from '../../shared/api-client.ts';
import type { ApiCall } from '../../shared/api-routes.ts';
import { pushViewed, readViewed, recordView, type ViewedServer } from '../../client/state/recently-viewed.ts';

/** The member's recently viewed calls on the wire (§7): POST {id} records a view, POST batch sends the list. */
const RECENTLY_VIEWED_PATH = '/item/recommend/personal-scan-item';

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
};
const item = (itemId: number) => ({
  itemId,
  title: `Part ${itemId}`,
  urlHandle: `part-${itemId}`,
  imageUrl: null,
  reviewRating: 4.5,
});

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

  it("records a signed-in member's view on the server too, and a visitor's only in the browser", async () => {
    const visitor = new FakeServer(false);
    recordView(item(1), memory(), visitor);
    const member = new FakeServer(true);
    const storage = memory();
    recordView(item(2), storage, member);
    expect(visitor.calls).toEqual([]);
    expect(member.calls).toEqual([[`${RECENTLY_VIEWED_PATH}/2`, undefined]]);
    expect(readViewed(storage).map((entry) => entry.itemId)).toEqual([2]);
  });

  it('sends the stored list newest first on sign-in and keeps the merged list the server answers', async () => {
    const storage = memory();
    for (const id of [1, 2, 3]) recordView(item(id), storage);
    const server = new FakeServer(true, [
      { ...item(3), reviewRating: 4.6, viewedAt: 3 },
      { ...item(9), viewedAt: 2 },
      { ...item(8), urlHandle: null },
    ]);
    await pushViewed(storage, server);
    expect(server.calls).toEqual([[`${RECENTLY_VIEWED_PATH}/batch`, { itemIds: [3, 2, 1] }]]);
    expect(readViewed(storage)).toEqual([{ ...item(3), reviewRating: 4.6 }, item(9)]);
  });

  it('keeps the stored list when the batch fails, and sends nothing for a visitor', async () => {
    const storage = memory();
    recordView(item(1), storage);
    const failing = new FakeServer(true);
    failing.fail = true;
    await pushViewed(storage, failing);
    expect(readViewed(storage)).toEqual([item(1)]);
    const visitor = new FakeServer(false);
    await pushViewed(storage, visitor);
    expect(visitor.calls).toEqual([]);
  });
});

/** The server side of the list: records its calls and answers the batch with a fixed list. */
class FakeServer implements ViewedServer {
  calls: [string, unknown][] = [];
  fail = false;
  private readonly signedIn: boolean;
  private readonly answer: unknown;
  constructor(signedIn: boolean, answer: unknown = null) {
    this.signedIn = signedIn;
    this.answer = answer;
  }
  member() {
    return this.signedIn;
  }
  async call<Req, Res>(route: ApiCall<Req, Res>, ...[body, options]: CallArgs<Req>) {
    this.calls.push([fillPath(route.path, options?.params), body]);
    if (this.fail) throw { msg: 'down', code: 500 };
    return this.answer as Res;
  }
}
