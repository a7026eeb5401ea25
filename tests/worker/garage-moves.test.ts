import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedVehicle } from '../../shared/vehicle.ts';
import { bearer, json, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, api } from './helpers.ts';

// Saved vehicles on node ids the vehicle base removed (vehicle_node_move, migration 0019): the
// 2099 "Hauler" was split by series, and its ids moved to the same path under "Hauler 1500".
const GARAGE = `${US_HOST}/account/buyer/current/garage-vehicle`;
const PUSH = `${US_HOST}/account/public/buyer/garage-vehicle`;
const MATCH = `${US_HOST}/item/public/buyer/car-model/universal/match`;
const MATCH_LIST = `${US_HOST}/item/public/buyer/car-model/universal/match-list`;
const VEHICLE_ID = `${US_HOST}/item/public/buyer/car-model/vehicle-id`;
const NOW = { year: 990001, make: 990002, model: 990003, trim: 990004, engine: 990005 };
const OLD = { model: 980003, trim: 980004, engine: 980005 };
type Listed = SavedVehicle & { movedFrom?: number };

let itemId: number;
const list = async (token: string) => (await api<Listed[]>(`${GARAGE}/list`, { headers: bearer(token) })).body.data;
const accountOf = async (email: string) =>
  (await env.DB.prepare('SELECT id FROM account WHERE email = ?').bind(email).first<{ id: number }>())!.id;
const stored = async (accountId: number) =>
  (
    await env.DB.prepare(
      'SELECT attribute_value_id AS node, is_default AS isDefault FROM garage_vehicle WHERE account_id = ? ORDER BY id',
    )
      .bind(accountId)
      .all<{ node: number; isDefault: number }>()
  ).results;
const save = (accountId: number, node: number, isDefault: number) =>
  env.DB.prepare('INSERT INTO garage_vehicle (account_id, attribute_value_id, is_default) VALUES (?, ?, ?)')
    .bind(accountId, node, isDefault)
    .run();

beforeAll(async () => {
  await loadCatalogFixture();
  const node = (id: number, level: number, parent: number | null, value: string, modelNode: number | null) =>
    env.DB.prepare(
      'INSERT INTO vehicle_node (id, level, parent_id, value, text, year, make_id, model_id, model_node_id) ' +
        'VALUES (?1, ?2, ?3, ?4, ?4, 2099, ?5, ?6, ?7)',
    ).bind(id, level, parent, value, level >= 2 ? 990001 : null, level >= 3 ? 990001 : null, modelNode);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO vehicle_make (id, name, slug) VALUES (990001, 'Movetest', 'movetest')"),
    env.DB.prepare(
      "INSERT INTO vehicle_model (id, make_id, name, slug) VALUES (990001, 990001, 'Hauler 1500', 'hauler-1500')",
    ),
    node(NOW.year, 1, null, '2099', null),
    node(NOW.make, 2, NOW.year, 'Movetest', null),
    node(NOW.model, 3, NOW.make, 'Hauler 1500', NOW.model),
    node(NOW.trim, 4, NOW.model, 'LT', NOW.model),
    node(NOW.engine, 5, NOW.trim, '5.3L V8 Gas', NOW.model),
    env.DB.prepare('DELETE FROM vehicle_node_move'),
    env.DB.prepare('INSERT INTO vehicle_node_move (old_id, new_id) VALUES (?, ?), (?, ?), (?, ?)').bind(
      OLD.model,
      NOW.model,
      OLD.trim,
      NOW.trim,
      OLD.engine,
      NOW.engine,
    ),
  ]);
  itemId = (await env.DB.prepare(
    'SELECT id FROM item WHERE vehicle_universal = 0 AND non_vehicle = 0 ORDER BY id LIMIT 1',
  ).first<{ id: number }>())!.id;
  await env.DB.prepare(
    'INSERT INTO fitment (item_id, node_id, node_level, model_node_id, note) VALUES (?1, ?2, 3, ?2, ?3)',
  )
    .bind(itemId, NOW.model, 'Moved test fit')
    .run();
});

describe('a garage on moved vehicle ids', () => {
  it("answers a member's old id as its successor and rewrites the row once", async () => {
    const email = 'garage-moves@example.com';
    const token = await member(email);
    const accountId = await accountOf(email);
    await save(accountId, OLD.engine, 1);

    const [first, ...rest] = await list(token);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      isDefault: true,
      attributeValueId: NOW.engine,
      movedFrom: OLD.engine,
      year: { id: NOW.year, text: '2099' },
      model: { id: NOW.model, text: 'Hauler 1500' },
      trim: { id: NOW.trim, text: 'LT' },
      engine: { id: NOW.engine, text: '5.3L V8 Gas' },
    });
    expect(await stored(accountId)).toEqual([{ node: NOW.engine, isDefault: 1 }]);
    const { movedFrom: _, ...saved } = first!;
    expect(await list(token)).toEqual([saved]);
  });

  it('merges an old row into its successor saved already, which takes the default', async () => {
    const email = 'garage-moves-merge@example.com';
    const token = await member(email);
    const accountId = await accountOf(email);
    await save(accountId, NOW.model, 0);
    await save(accountId, OLD.model, 1);

    const garage = await list(token);
    expect(garage.map((v) => [v.attributeValueId, v.isDefault, v.movedFrom])).toEqual([[NOW.model, true, OLD.model]]);
    expect(await stored(accountId)).toEqual([{ node: NOW.model, isDefault: 1 }]);
    const account = await env.DB.prepare('SELECT default_garage AS id FROM account WHERE id = ?')
      .bind(accountId)
      .first<{ id: number }>();
    expect(account!.id).toBe(garage[0]!.id);
  });

  it("moves a visitor's pushed vehicle and tells the browser the old id", async () => {
    const token = await member('garage-moves-push@example.com');
    const local = {
      attributeValueId: OLD.trim,
      year: { id: NOW.year },
      make: { id: NOW.make },
      model: { id: OLD.model },
      trim: { id: OLD.trim },
      isDefault: true,
    };
    const pushed = await api<Listed[]>(PUSH, json('POST', { vehicles: [local] }, bearer(token)));
    expect(pushed.body.data.map((v) => [v.attributeValueId, v.movedFrom, v.trim?.text])).toEqual([
      [NOW.trim, OLD.trim, 'LT'],
    ]);
  });

  it('answers the vehicle of an old id with its successor id', async () => {
    const { body } = await api<{ attributeValueId: number; vehicle: SavedVehicle }>(
      `${VEHICLE_ID}?attributeValueId=${OLD.trim}`,
    );
    expect(body.data.attributeValueId).toBe(NOW.trim);
    expect(body.data.vehicle.model).toEqual({ id: NOW.model, value: 'Hauler 1500', text: 'Hauler 1500' });
  });
});

describe('fitment on moved vehicle ids', () => {
  const match = async (ids: number[]) =>
    (await api<{ carModelMatch: string; notes: string[] }>(`${MATCH}?itemId=${itemId}&attributeValueIds=${ids}`)).body;

  it('answers an old path as for its successor', async () => {
    const successor = await match([NOW.year, NOW.make, NOW.model, NOW.trim, NOW.engine]);
    expect(successor.data).toMatchObject({ carModelMatch: 'FIT', notes: ['Moved test fit'] });
    expect(await match([NOW.year, NOW.make, OLD.model, OLD.trim, OLD.engine])).toEqual(successor);
    expect((await match([NOW.year, NOW.make, OLD.model])).data).toEqual(
      (await match([NOW.year, NOW.make, NOW.model])).data,
    );
    const cards = await api<{ itemId: number; carModelMatch: string }[]>(
      `${MATCH_LIST}?itemIds=${itemId}&attributeValueIds=${[NOW.year, NOW.make, OLD.model]}`,
    );
    expect(cards.body.data).toMatchObject([{ itemId, carModelMatch: 'FIT' }]);
  });

  it('still refuses an id that is neither a node nor moved', async () => {
    const { status } = await api(`${MATCH}?itemId=${itemId}&attributeValueIds=${NOW.year},${NOW.make},970003`);
    expect(status).toBe(404);
  });
});
