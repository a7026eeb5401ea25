import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { ApiClient } from '../../shared/api-client.ts';
import type { ServerGarageVehicle } from '../../shared/api/garage.ts';
import { API } from '../../shared/api-routes.ts';
import { STORAGE_KEY, VEHICLE_COOKIE } from '../../shared/browser-keys.ts';
import {
  GARAGE_FULL_MESSAGE,
  MAX_GARAGE_VEHICLES,
  isGarageFull,
  isSameGarageVehicle,
} from '../../shared/garage-rules.ts';
import {
  VEHICLE_REQUIRED_MESSAGE,
  attributeValueIdOf,
  isCompleteVehicle,
  shoppingForMessage,
  vehicleName,
  type SavedVehicle,
  type Vehicle,
} from '../../shared/vehicle.ts';
import { api } from '../api.ts';
import { notify, type NoticeKind } from './notices.ts';
import { track } from './tracking.ts';

// The browser's garage (§4): a visitor's in localStorage, a member's on the server, fetched again after each change.

/** Where a visitor's garage is kept. */
export const GARAGE_STORAGE_KEY = 'garage';
/** Set to '1' once a vehicle down to its engine has been chosen. */
export const LAST_VEHICLE_CHOSEN_KEY = 'last-vehicle-chosen';

/** The part of localStorage the store uses. */
export type GarageStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
/** The part of the API client the store uses. */
export type GarageApi = Pick<ApiClient, 'call'>;
/** The tracking event sent when the shopper changes to a different vehicle. */
export interface GarageTrackEvent {
  event: 'add_vehicle';
  vehicle: Vehicle;
}

/** What the store needs from outside. */
export interface GarageDeps {
  storage: GarageStorage;
  api: GarageApi;
  /** Whether a member is signed in (their garage lives on the server). */
  member: () => boolean;
  notify: (text: string, kind?: NoticeKind) => unknown;
  onTrack?: (event: GarageTrackEvent) => void;
  /** Ids for a visitor's vehicles. */
  newId?: () => string;
  /** Tells the server which vehicle is current (its attributeValueId, or null when none). */
  shareCurrent?: (attributeValueId: number | null) => void;
}

/** One garage store. */
export interface GarageStore {
  readonly vehicles: ReadonlySignal<readonly SavedVehicle[]>;
  readonly current: ReadonlySignal<Vehicle | null>;
  /** Reads the garage again (the server's for a member, the stored one for a visitor). */
  load(): Promise<readonly SavedVehicle[]>;
  /** Saves a vehicle (the default and current unless isDefault is false; the first always is); null when refused. */
  add(vehicle: Vehicle, options?: { isDefault?: boolean }): Promise<SavedVehicle | null>;
  /** Changes a saved vehicle to another vehicle; the current one follows when it was the default. */
  edit(id: SavedVehicle['id'], vehicle: Vehicle): Promise<SavedVehicle | null>;
  /** Deletes a saved vehicle; deleting the default clears the current vehicle. */
  remove(id: SavedVehicle['id']): Promise<void>;
  /** Empties the garage and clears the current vehicle. */
  clear(): Promise<void>;
  /** Makes a saved vehicle the default, shops for it and says so. */
  select(id: SavedVehicle['id']): Promise<void>;
  /**
   * The current vehicle gains its trim or engine: the garage entry it came from changes (no second entry) and the
   * refined vehicle is shopped for; saved anew when it came from no entry.
   */
  refine(vehicle: Vehicle): Promise<SavedVehicle | null>;
  /** On sign-in: merges the visitor's stored garage into the member's and forgets the stored one. */
  pushLocalGarage(): Promise<void>;
}

/** The §3 vehicle alone, without garage fields. */
export function vehicleOf(vehicle: Vehicle): Vehicle {
  return {
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    trim: vehicle.trim ?? null,
    engine: vehicle.engine ?? null,
  };
}

/** Default first, then in the given order, one entry per id. */
export function sortGarage(list: readonly SavedVehicle[]): SavedVehicle[] {
  const unique = [...new Map(list.map((vehicle) => [String(vehicle.id), vehicle])).values()];
  return [...unique.filter((vehicle) => vehicle.isDefault), ...unique.filter((vehicle) => !vehicle.isDefault)];
}

/** A member's vehicles carry the server's numeric ids; only a visitor's local ones are text. */
const serverId = (id: SavedVehicle['id']) => id as number;
const requestBody = (vehicle: Vehicle) => ({ attributeValueId: attributeValueIdOf(vehicle), ...vehicleOf(vehicle) });
const messageOf = (error: unknown): string | null => {
  const rejection = error as { msg?: unknown; code?: unknown } | null;
  // A network error already showed the service-exception notice.
  if (rejection?.code === 'NETWORK') return null;
  return typeof rejection?.msg === 'string' && rejection.msg
    ? rejection.msg
    : 'Something went wrong. Please try again.';
};
const withDefault = (list: SavedVehicle[], id: SavedVehicle['id'] | undefined) =>
  list.map((vehicle) => ({ ...vehicle, isDefault: vehicle.id === id }));

/** A garage store over the given storage, API and notices. */
export function createGarageStore(deps: GarageDeps): GarageStore {
  const { storage } = deps;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const track = deps.onTrack ?? (() => undefined);

  // A visitor's garage, newest first (the default anywhere in it).
  function readLocal(): SavedVehicle[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(storage.getItem(GARAGE_STORAGE_KEY) ?? '[]');
    } catch {
      parsed = [];
    }
    const list = (Array.isArray(parsed) ? parsed : []).filter(
      (item: SavedVehicle) =>
        item &&
        isCompleteVehicle(item) &&
        (typeof item.id === 'string' || typeof item.id === 'number') &&
        typeof item.attributeValueId === 'number',
    ) as SavedVehicle[];
    const unique = list.filter(
      (item, index) => list.findIndex((other) => isSameGarageVehicle(other, item) || other.id === item.id) === index,
    );
    const fallback = unique.find((item) => item.isDefault === true) ?? unique[0];
    return withDefault(unique, fallback?.id);
  }
  function writeLocal(list: SavedVehicle[]): void {
    storage.setItem(GARAGE_STORAGE_KEY, JSON.stringify(list));
    vehicles.value = sortGarage(list);
  }
  function readCurrent(): Vehicle | null {
    try {
      const stored = JSON.parse(storage.getItem(STORAGE_KEY.vehicle) ?? 'null') as Vehicle | null;
      return isCompleteVehicle(stored) ? vehicleOf(stored) : null;
    } catch {
      return null;
    }
  }

  const vehicles = signal<readonly SavedVehicle[]>(deps.member() ? [] : sortGarage(readLocal()));
  const current = signal<Vehicle | null>(readCurrent());
  // A vehicle chosen before the cookie existed (or on another visit whose cookie expired) reaches the server too.
  deps.shareCurrent?.(current.value ? attributeValueIdOf(current.value) : null);

  function applyCurrent(vehicle: Vehicle): void {
    const previous = current.value;
    const next = vehicleOf(vehicle);
    current.value = next;
    storage.setItem(STORAGE_KEY.vehicle, JSON.stringify(next));
    deps.shareCurrent?.(attributeValueIdOf(next));
    if (next.engine) storage.setItem(LAST_VEHICLE_CHOSEN_KEY, '1');
    if (!previous || attributeValueIdOf(previous) !== attributeValueIdOf(next))
      track({ event: 'add_vehicle', vehicle: next });
  }
  function clearCurrent(): void {
    current.value = null;
    storage.removeItem(STORAGE_KEY.vehicle);
    deps.shareCurrent?.(null);
  }
  function warn(error: unknown): null {
    const message = typeof error === 'string' ? error : messageOf(error);
    if (message) deps.notify(message, 'warning');
    return null;
  }
  // The server moved a saved vehicle off an id the vehicle base dropped: the current vehicle follows, untracked.
  function followMoves(list: readonly ServerGarageVehicle[]): readonly ServerGarageVehicle[] {
    const now = current.value && attributeValueIdOf(current.value);
    const moved = list.find((item) => item.movedFrom !== undefined && item.movedFrom === now);
    if (moved) {
      current.value = vehicleOf(moved);
      storage.setItem(STORAGE_KEY.vehicle, JSON.stringify(current.value));
      deps.shareCurrent?.(attributeValueIdOf(current.value));
    }
    return list;
  }
  async function reload(): Promise<readonly SavedVehicle[]> {
    try {
      vehicles.value = sortGarage(followMoves(await deps.api.call(API.garageList)));
    } catch (error) {
      warn(error);
    }
    return vehicles.value;
  }
  // A member's change: the call, then the list again; null (after a warning) when the call failed.
  async function onServer<T>(call: () => Promise<T>): Promise<{ answer: T; list: readonly SavedVehicle[] } | null> {
    let answer: T;
    try {
      answer = await call();
    } catch (error) {
      return warn(error);
    }
    return { answer, list: await reload() };
  }
  // After a change: the current vehicle follows the default when the changed vehicle is it.
  function followDefault(saved: SavedVehicle | undefined): SavedVehicle | null {
    if (saved?.isDefault) applyCurrent(saved);
    return saved ?? null;
  }
  const savedIn = (done: { answer: { id: number }; list: readonly SavedVehicle[] } | null) =>
    followDefault(done?.list.find((item) => item.id === done.answer.id));

  function addLocal(vehicle: Vehicle, isDefault: boolean): SavedVehicle | null {
    const list = readLocal();
    const attributeValueId = attributeValueIdOf(vehicle);
    const existing = list.find((item) => isSameGarageVehicle(item, { attributeValueId }));
    if (existing) {
      writeLocal(withDefault(list, existing.id));
      return followDefault({ ...existing, isDefault: true });
    }
    if (isGarageFull(list.length)) return warn(GARAGE_FULL_MESSAGE);
    const saved: SavedVehicle = {
      ...vehicleOf(vehicle),
      id: newId(),
      isDefault: isDefault || list.length === 0,
      attributeValueId,
    };
    writeLocal([saved, ...(saved.isDefault ? withDefault(list, undefined) : list)]);
    return followDefault(saved);
  }

  function editLocal(id: SavedVehicle['id'], vehicle: Vehicle): SavedVehicle | null {
    const list = readLocal();
    const entry = list.find((item) => item.id === id);
    if (!entry) return null;
    const attributeValueId = attributeValueIdOf(vehicle);
    const other = list.find((item) => isSameGarageVehicle(item, { attributeValueId }) && item.id !== id);
    if (other) {
      const rest = list.filter((item) => item.id !== id);
      writeLocal(entry.isDefault ? withDefault(rest, other.id) : rest);
      return followDefault({ ...other, isDefault: other.isDefault || entry.isDefault });
    }
    const edited: SavedVehicle = { ...vehicleOf(vehicle), id, isDefault: entry.isDefault, attributeValueId };
    writeLocal(list.map((item) => (item.id === id ? edited : item)));
    return followDefault(edited);
  }

  const store: GarageStore = {
    vehicles,
    current,
    async load() {
      if (deps.member()) return reload();
      vehicles.value = sortGarage(readLocal());
      return vehicles.value;
    },
    async add(vehicle, options = {}) {
      if (!isCompleteVehicle(vehicle)) return warn(VEHICLE_REQUIRED_MESSAGE);
      const isDefault = options.isDefault !== false;
      if (!deps.member()) return addLocal(vehicle, isDefault);
      return savedIn(await onServer(() => deps.api.call(API.garageAdd, { ...requestBody(vehicle), isDefault })));
    },
    async edit(id, vehicle) {
      if (!isCompleteVehicle(vehicle)) return warn(VEHICLE_REQUIRED_MESSAGE);
      if (!deps.member()) return editLocal(id, vehicle);
      return savedIn(
        await onServer(() => deps.api.call(API.garageEdit, { id: serverId(id), ...requestBody(vehicle) })),
      );
    },
    async remove(id) {
      const removed = (deps.member() ? vehicles.value : readLocal()).find((item) => item.id === id);
      if (!deps.member()) {
        const rest = readLocal().filter((item) => item.id !== id);
        writeLocal(removed?.isDefault ? withDefault(rest, rest[0]?.id) : rest);
      } else if (!(await onServer(() => deps.api.call(API.garageRemove, { id })))) {
        return;
      }
      const wasCurrent = removed && current.value && attributeValueIdOf(current.value) === removed.attributeValueId;
      if (removed?.isDefault || wasCurrent) clearCurrent();
    },
    async clear() {
      if (!deps.member()) {
        storage.removeItem(GARAGE_STORAGE_KEY);
        vehicles.value = [];
      } else if (!(await onServer(() => deps.api.call(API.garageClear)))) {
        return;
      }
      clearCurrent();
    },
    async select(id) {
      let chosen: SavedVehicle | undefined;
      if (!deps.member()) {
        const list = readLocal();
        chosen = list.find((item) => item.id === id);
        if (chosen) writeLocal(withDefault(list, id));
      } else {
        chosen = (
          await onServer(() => deps.api.call(API.garageEdit, { id: serverId(id), isDefault: true }))
        )?.list.find((item) => item.id === id);
      }
      if (!chosen) return;
      applyCurrent(chosen);
      deps.notify(shoppingForMessage(chosen), 'success');
    },
    async pushLocalGarage() {
      if (!deps.member()) return;
      const local = readLocal();
      if (local.length === 0) {
        await reload();
        return;
      }
      const body = local
        .slice(0, MAX_GARAGE_VEHICLES)
        .map((item) => ({ ...requestBody(item), isDefault: item.isDefault }));
      try {
        vehicles.value = sortGarage(followMoves(await deps.api.call(API.garagePush, { vehicles: body })));
        storage.removeItem(GARAGE_STORAGE_KEY);
      } catch (error) {
        warn(error);
      }
    },
    async refine(vehicle) {
      const now = current.value;
      const list = deps.member() ? await reload() : readLocal();
      const entry = now && list.find((item) => item.attributeValueId === attributeValueIdOf(now));
      const saved = entry ? await store.edit(entry.id, vehicle) : await store.add(vehicle);
      if (saved) await store.select(saved.id);
      return saved;
    },
  };
  return store;
}

const browserStorage: GarageStorage = {
  getItem: (key) => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key)),
  setItem: (key, value) => {
    if (typeof localStorage !== 'undefined') localStorage.setItem(key, value);
  },
  removeItem: (key) => {
    if (typeof localStorage !== 'undefined') localStorage.removeItem(key);
  },
};

/** Mirrors the current vehicle into the cookie the server reads (a year, first-party, not sent cross-site). */
function writeVehicleCookie(attributeValueId: number | null): void {
  if (typeof document === 'undefined') return;
  const now = document.cookie.split('; ').find((part) => part.startsWith(`${VEHICLE_COOKIE}=`));
  const wanted = attributeValueId === null ? null : `${VEHICLE_COOKIE}=${attributeValueId}`;
  if ((now ?? null) === wanted) return;
  document.cookie = wanted
    ? `${wanted}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`
    : `${VEHICLE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** The shop's garage: localStorage, the shop API, and the add-vehicle tracking event. */
export const garage = createGarageStore({
  storage: browserStorage,
  api,
  member: () => Boolean(browserStorage.getItem(STORAGE_KEY.token)),
  notify,
  shareCurrent: writeVehicleCookie,
  onTrack: ({ event, vehicle }) =>
    track(event, { vehicle: vehicleName(vehicle, true), attributeValueId: attributeValueIdOf(vehicle) }),
});
