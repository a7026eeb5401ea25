import { beforeEach, describe, expect, it } from 'vitest';
import {
  GARAGE_STORAGE_KEY,
  LAST_VEHICLE_CHOSEN_KEY,
  createGarageStore,
  garage,
  type GarageApi,
  type GarageStorage,
  type GarageTrackEvent,
} from '../../client/state/garage.ts';
import type { CallArgs } from '../../shared/api-client.ts';
import { API, type ApiCall } from '../../shared/api-routes.ts';
import { STORAGE_KEY } from '../../shared/browser-keys.ts';
import { GARAGE_FULL_MESSAGE } from '../../shared/garage-rules.ts';
import { VEHICLE_REQUIRED_MESSAGE, attributeValueIdOf, type SavedVehicle, type Vehicle } from '../../shared/vehicle.ts';

const attr = (id: number, text: string) => ({ id, value: text, text });
/** A vehicle whose deepest level id is `id` (an engine when asked). */
const car = (id: number, model = `Model${id}`, engine = false): Vehicle => ({
  year: attr(1, '2018'),
  make: attr(8, 'Ford'),
  model: attr(id, model),
  trim: null,
  engine: engine ? attr(id + 10_000, '2.7L V6 Gas') : null,
});

class FakeStorage extends Map<string, string> implements GarageStorage {
  getItem(key: string) {
    return this.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.set(key, value);
  }
  removeItem(key: string) {
    this.delete(key);
  }
}

/** The member's garage calls (§7), and the sign-in call that merges a visitor's garage into the member's. */
const GARAGE_PATH = API.garageAdd.path;
const PUSH_GARAGE_PATH = API.garagePush.path;

type Sent = Vehicle & { id: number; attributeValueId: number; isDefault: boolean };
/** An in-memory server garage behind the store's API calls, recording every call. */
class FakeApi implements GarageApi {
  garage: SavedVehicle[] = [];
  calls: string[] = [];
  failWith: { msg: string; code: number | string } | null = null;
  private nextId = 100;
  private answer<T>(value: unknown) {
    return structuredClone(value) as T;
  }
  private sorted() {
    return [...this.garage.filter((v) => v.isDefault), ...this.garage.filter((v) => !v.isDefault)];
  }
  private setDefault(id: unknown) {
    this.garage = this.garage.map((v) => ({ ...v, isDefault: v.id === id }));
  }
  private record(line: string) {
    this.calls.push(line);
    if (this.failWith) throw this.failWith;
  }
  private insert(vehicle: Sent): number | string {
    const existing = this.garage.find((v) => v.attributeValueId === vehicle.attributeValueId);
    if (existing) return existing.id;
    this.garage.unshift({ ...vehicle, id: this.nextId++, isDefault: this.garage.length === 0 });
    return this.garage[0]!.id;
  }
  /** The store's one API method, answered as the server would by method and path. */
  call<Req, Res>(route: ApiCall<Req, Res>, ...[input]: CallArgs<Req>): Promise<Res> {
    if (route.method === 'get') return this.get<Res>(route.path);
    if (route.method === 'post') return this.post<Res>(route.path, input);
    if (route.method === 'put') return this.put<Res>(route.path, input);
    return this.delete<Res>(route.path, input as Record<string, unknown> | undefined);
  }
  async get<T>(path: string) {
    this.calls.push(`GET ${path}`);
    return this.answer<T>(this.sorted());
  }
  async post<T>(path: string, body?: unknown) {
    this.record(`POST ${path}`);
    if (path === PUSH_GARAGE_PATH) {
      const empty = this.garage.length === 0;
      for (const v of (body as { vehicles: Sent[] }).vehicles) {
        const id = this.insert(v);
        if (empty && v.isDefault) this.setDefault(id);
      }
      return this.answer<T>(this.sorted());
    }
    const sent = body as Sent;
    const known = this.garage.some((v) => v.attributeValueId === sent.attributeValueId);
    const id = this.insert(sent);
    if (known || sent.isDefault) this.setDefault(id);
    return this.answer<T>({ id });
  }
  async put<T>(path: string, body?: unknown) {
    this.record(`PUT ${path}`);
    const { id, isDefault, ...vehicle } = body as Partial<Sent> & { id: number };
    if (vehicle.attributeValueId) this.garage = this.garage.map((v) => (v.id === id ? { ...v, ...vehicle } : v));
    if (isDefault) this.setDefault(id);
    return this.answer<T>({ id });
  }
  async delete<T>(path: string, query?: Record<string, unknown>) {
    this.record(`DELETE ${path}${query ? `?id=${query.id}` : ''}`);
    const removed = this.garage.find((v) => v.id === query?.id);
    this.garage = path.endsWith('/all') ? [] : this.garage.filter((v) => v !== removed);
    if (removed?.isDefault && this.garage[0]) this.setDefault(this.garage[0].id);
    return null as T;
  }
}

let storage: FakeStorage,
  server: FakeApi,
  notices: [string, string | undefined][],
  tracked: GarageTrackEvent[],
  signedIn: boolean,
  uuid: number;
const makeStore = () =>
  createGarageStore({
    storage,
    api: server,
    member: () => signedIn,
    notify: (text, kind) => notices.push([text, kind]),
    onTrack: (event) => tracked.push(event),
    newId: () => `uuid-${++uuid}`,
  });
const local = (): SavedVehicle[] => JSON.parse(storage.getItem(GARAGE_STORAGE_KEY) ?? '[]');
const shape = (list: readonly SavedVehicle[]) => list.map((v) => [v.attributeValueId, v.isDefault]);

beforeEach(() => {
  [storage, server, notices, tracked, signedIn, uuid] = [new FakeStorage(), new FakeApi(), [], [], false, 0];
});

describe('a visitor garage (localStorage)', () => {
  it('stores vehicles under "garage" with string ids; the first is the default and becomes current', async () => {
    const store = makeStore();
    const saved = await store.add(car(9), { isDefault: false });
    expect(saved).toMatchObject({ id: 'uuid-1', isDefault: true, attributeValueId: 9 });
    expect(local()).toEqual([saved]);
    expect(store.current.value).toEqual(car(9));
    expect(JSON.parse(storage.getItem('vehicle')!)).toEqual(car(9));
    expect(tracked).toEqual([{ event: 'add_vehicle', vehicle: car(9) }]);
    expect(server.calls).toEqual([]);
  });

  it('lists the default first, then newest first; a non-default add leaves the current vehicle alone', async () => {
    const store = makeStore();
    await store.add(car(1));
    await store.add(car(2), { isDefault: false });
    await store.add(car(3), { isDefault: false });
    expect(shape(store.vehicles.value)).toEqual([
      [1, true],
      [3, false],
      [2, false],
    ]);
    expect(attributeValueIdOf(store.current.value!)).toBe(1);
    expect(tracked).toHaveLength(1);
    await store.add(car(4));
    expect(shape(store.vehicles.value)).toEqual([
      [4, true],
      [3, false],
      [2, false],
      [1, false],
    ]);
    expect(store.vehicles.value.filter((v) => v.isDefault)).toHaveLength(1);
  });

  it('adding a vehicle already saved only makes it the default', async () => {
    const store = makeStore();
    await store.add(car(1));
    const second = await store.add(car(2), { isDefault: false });
    const again = await store.add(car(2), { isDefault: false });
    expect(again!.id).toBe(second!.id);
    expect(local()).toHaveLength(2);
    expect(shape(store.vehicles.value)).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(attributeValueIdOf(store.current.value!)).toBe(2);
  });

  it('refuses an incomplete vehicle and a 31st one with a warning', async () => {
    const store = makeStore();
    expect(await store.add({ year: attr(1, '2018'), make: attr(8, 'Ford') } as Vehicle)).toBeNull();
    expect(notices).toEqual([[VEHICLE_REQUIRED_MESSAGE, 'warning']]);
    for (let id = 1; id <= 30; id++) await store.add(car(id), { isDefault: false });
    expect(await store.add(car(31))).toBeNull();
    expect(notices.at(-1)).toEqual([GARAGE_FULL_MESSAGE, 'warning']);
    expect(local()).toHaveLength(30);
    expect(await store.add(car(7))).not.toBeNull();
  });

  it('an engine sets last-vehicle-chosen; only a different vehicle is tracked', async () => {
    const store = makeStore();
    const plain = await store.add(car(1));
    expect(storage.getItem(LAST_VEHICLE_CHOSEN_KEY)).toBeNull();
    const withEngine = await store.add(car(2, 'F-150', true));
    expect(storage.getItem(LAST_VEHICLE_CHOSEN_KEY)).toBe('1');
    await store.select(withEngine!.id);
    expect(tracked.map((e) => attributeValueIdOf(e.vehicle))).toEqual([1, 10_002]);
    await store.select(plain!.id);
    expect(tracked.map((e) => attributeValueIdOf(e.vehicle))).toEqual([1, 10_002, 1]);
  });

  it('select makes it the default, shops for it and says so', async () => {
    const store = makeStore();
    const f150 = await store.add(car(86, 'F-150'));
    await store.add(car(2));
    await store.select(f150!.id);
    expect(shape(store.vehicles.value)).toEqual([
      [86, true],
      [2, false],
    ]);
    expect(store.current.value).toEqual(car(86, 'F-150'));
    expect(notices).toEqual([['You are now shopping for 2018 Ford F-150', 'success']]);
  });

  it('edits a vehicle (the current one follows the default) and merges an edit into one already saved', async () => {
    const store = makeStore();
    const first = await store.add(car(1), { isDefault: false });
    const second = await store.add(car(2), { isDefault: false });
    await store.edit(first!.id, car(5));
    expect(shape(store.vehicles.value)).toEqual([
      [5, true],
      [2, false],
    ]);
    expect(attributeValueIdOf(store.current.value!)).toBe(5);
    await store.edit(first!.id, car(2));
    expect(store.vehicles.value).toMatchObject([{ id: second!.id, attributeValueId: 2, isDefault: true }]);
    expect(attributeValueIdOf(store.current.value!)).toBe(2);
  });

  it('deleting the default makes the newest left the default and clears current; clear empties all', async () => {
    const store = makeStore();
    const first = await store.add(car(1));
    await store.add(car(2), { isDefault: false });
    await store.add(car(3), { isDefault: false });
    await store.remove(first!.id);
    expect(shape(store.vehicles.value)).toEqual([
      [3, true],
      [2, false],
    ]);
    expect(store.current.value).toBeNull();
    expect(storage.getItem('vehicle')).toBeNull();
    await store.select(store.vehicles.value[1]!.id);
    await store.remove(store.vehicles.value[1]!.id);
    expect(attributeValueIdOf(store.current.value!)).toBe(2);
    await store.clear();
    expect(store.vehicles.value).toEqual([]);
    expect(storage.getItem(GARAGE_STORAGE_KEY)).toBeNull();
    expect(store.current.value).toBeNull();
  });

  it('reads what was stored, ignoring damaged entries and keeping one default', async () => {
    storage.setItem(
      GARAGE_STORAGE_KEY,
      JSON.stringify([
        { ...car(1), id: 'a', isDefault: false, attributeValueId: 1 },
        { id: 'b' },
        { ...car(1), id: 'c', isDefault: true, attributeValueId: 1 },
        { ...car(2), id: 'd', isDefault: true, attributeValueId: 2 },
      ]),
    );
    storage.setItem('vehicle', JSON.stringify(car(2)));
    const store = makeStore();
    expect(store.vehicles.value.map((v) => [v.id, v.isDefault])).toEqual([
      ['d', true],
      ['a', false],
    ]);
    expect(store.current.value).toEqual(car(2));
    storage.setItem(GARAGE_STORAGE_KEY, '{not json');
    expect(await makeStore().load()).toEqual([]);
  });
});

describe('a member garage (the server)', () => {
  beforeEach(() => {
    signedIn = true;
  });

  it('adds through the API, fetches the list again and shops for the new default', async () => {
    const store = makeStore();
    const saved = await store.add(car(9, 'Edge', true));
    expect(server.calls).toEqual([`POST ${GARAGE_PATH}`, `GET ${GARAGE_PATH}/list`]);
    expect(saved).toMatchObject({ id: 100, isDefault: true, attributeValueId: 10_009 });
    expect(store.vehicles.value).toEqual(server.garage);
    expect(attributeValueIdOf(store.current.value!)).toBe(10_009);
    expect(storage.getItem(LAST_VEHICLE_CHOSEN_KEY)).toBe('1');
    expect(storage.getItem(GARAGE_STORAGE_KEY)).toBeNull();
    expect(tracked).toHaveLength(1);
  });

  it("shows the server's message as a warning when an add fails", async () => {
    const store = makeStore();
    server.failWith = { msg: 'Your garage is full (30 vehicles). Remove one to add another.', code: 400 };
    expect(await store.add(car(1))).toBeNull();
    expect(notices).toEqual([['Your garage is full (30 vehicles). Remove one to add another.', 'warning']]);
    expect(store.current.value).toBeNull();
    server.failWith = { msg: 'Failed to fetch', code: 'NETWORK' };
    await store.add(car(1));
    expect(notices).toHaveLength(1);
  });

  it('edits, selects, deletes and clears on the server, fetching the list after each change', async () => {
    const store = makeStore();
    await store.add(car(1));
    await store.add(car(2), { isDefault: false });
    const [first, second] = [
      server.garage.find((v) => v.attributeValueId === 1)!,
      server.garage.find((v) => v.attributeValueId === 2)!,
    ];
    server.calls = [];
    await store.edit(second.id, car(3));
    await store.select(second.id);
    expect(notices).toEqual([['You are now shopping for 2018 Ford Model3', 'success']]);
    await store.remove(first.id);
    expect(attributeValueIdOf(store.current.value!)).toBe(3);
    await store.remove(second.id);
    expect(store.current.value).toBeNull();
    await store.add(car(4));
    await store.clear();
    expect(server.calls).toEqual([
      `PUT ${GARAGE_PATH}`,
      `GET ${GARAGE_PATH}/list`,
      `PUT ${GARAGE_PATH}`,
      `GET ${GARAGE_PATH}/list`,
      `DELETE ${GARAGE_PATH}?id=${first.id}`,
      `GET ${GARAGE_PATH}/list`,
      `DELETE ${GARAGE_PATH}?id=${second.id}`,
      `GET ${GARAGE_PATH}/list`,
      `POST ${GARAGE_PATH}`,
      `GET ${GARAGE_PATH}/list`,
      `DELETE ${GARAGE_PATH}/all`,
      `GET ${GARAGE_PATH}/list`,
    ]);
    expect(store.vehicles.value).toEqual([]);
    expect(store.current.value).toBeNull();
  });

  it('load fetches the list; the shared instance imports without a browser', async () => {
    expect([garage.vehicles.value, garage.current.value]).toEqual([[], null]);
    server.garage = [{ ...car(5), id: 7, isDefault: true, attributeValueId: 5 }];
    const store = makeStore();
    expect(store.vehicles.value).toEqual([]);
    expect(shape(await store.load())).toEqual([[5, true]]);
  });

  it('the current vehicle follows a saved vehicle the server moved off a removed id, untracked', async () => {
    storage.setItem(STORAGE_KEY.vehicle, JSON.stringify(car(5, 'Hauler')));
    const moved = { ...car(6, 'Hauler 1500'), id: 7, isDefault: true, attributeValueId: 6, movedFrom: 5 };
    server.garage = [moved];
    const store = makeStore();
    await store.load();
    expect(store.current.value?.model).toEqual({ id: 6, value: 'Hauler 1500', text: 'Hauler 1500' });
    expect(JSON.parse(storage.getItem(STORAGE_KEY.vehicle)!).model.id).toBe(6);
    expect(tracked).toEqual([]);
  });

  it('pushLocalGarage sends the visitor garage on sign-in and forgets it; a failure keeps it', async () => {
    signedIn = false;
    const visitor = makeStore();
    await visitor.add(car(1), { isDefault: false });
    await visitor.add(car(2));
    signedIn = true;
    const store = makeStore();
    server.failWith = { msg: 'Please try again.', code: 500 };
    await store.pushLocalGarage();
    expect(local()).toHaveLength(2);
    expect(notices).toEqual([['Please try again.', 'warning']]);
    server.failWith = null;
    server.calls = [];
    await store.pushLocalGarage();
    expect(server.calls).toEqual([`POST ${PUSH_GARAGE_PATH}`]);
    expect(shape(store.vehicles.value)).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(storage.getItem(GARAGE_STORAGE_KEY)).toBeNull();
    server.calls = [];
    await store.pushLocalGarage();
    expect(server.calls).toEqual([`GET ${GARAGE_PATH}/list`]);
  });
});

describe('refining the current vehicle with its engine', () => {
  it('changes the visitor’s garage entry instead of saving a second one', async () => {
    const store = makeStore();
    await store.add(car(7, 'F-150'));
    await store.add(car(3), { isDefault: false });
    const refined = await store.refine(car(7, 'F-150', true));
    expect(refined).toMatchObject({ attributeValueId: 10_007, isDefault: true });
    expect(shape(store.vehicles.value)).toEqual([
      [10_007, true],
      [3, false],
    ]);
    expect(local()).toHaveLength(2);
    expect(attributeValueIdOf(store.current.value!)).toBe(10_007);
  });

  it('edits the member’s entry on the server, never adds one', async () => {
    signedIn = true;
    const store = makeStore();
    await store.add(car(7, 'F-150'));
    server.calls = [];
    await store.refine(car(7, 'F-150', true));
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);
    expect(server.garage.map((v) => [v.attributeValueId, v.isDefault])).toEqual([[10_007, true]]);
    expect(attributeValueIdOf(store.current.value!)).toBe(10_007);
  });

  it('tells the server which vehicle is current, and that none is after clearing', async () => {
    const shared: (number | null)[] = [];
    const store = createGarageStore({
      storage,
      api: server,
      member: () => false,
      notify: () => undefined,
      shareCurrent: (id) => shared.push(id),
    });
    await store.add(car(5));
    await store.clear();
    expect(shared).toEqual([null, 5, null]);
  });
});
