import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.ts';
import { VEHICLE_REQUIRED_MESSAGE, type SavedVehicle } from '../../shared/vehicle.ts';
import { GARAGE_MSG } from '../../worker/vehicles/garage.ts';
import { bearer, json, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, api, shop } from './helpers.ts';

const GARAGE = `${US_HOST}/account/buyer/current/garage-vehicle`;
const PUSH = `${US_HOST}/account/public/buyer/garage-vehicle`;
interface Node {
  id: number;
  level: number;
  text: string;
}

const one = async (sql: string) => (await env.DB.prepare(sql).first<{ id: number }>())!.id;
const ids = async (sql: string) => (await env.DB.prepare(sql).all<{ id: number }>()).results.map((row) => row.id);
/** A node and its ancestors, year first. */
async function pathOf(id: number): Promise<Node[]> {
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE up(id) AS (SELECT ?1 UNION ALL SELECT n.parent_id FROM vehicle_node n JOIN up
      ON n.id = up.id WHERE n.parent_id IS NOT NULL)
     SELECT id, level, text FROM vehicle_node WHERE id IN (SELECT id FROM up) ORDER BY level`,
  )
    .bind(id)
    .all<Node>();
  return results;
}
const flat = (path: Node[]) =>
  Object.fromEntries(
    path.map((node) => [['year', 'make', 'model', 'trim', 'engine'][node.level - 1], { id: node.id }]),
  );

const list = async (token: string) =>
  (await api<SavedVehicle[]>(`${GARAGE}/list`, { headers: bearer(token) })).body.data;
const add = (token: string, body: unknown) => api<{ id: number }>(GARAGE, json('POST', body, bearer(token)));
const put = (token: string, body: unknown) => api<{ id: number }>(GARAGE, json('PUT', body, bearer(token)));
const remove = (token: string, id: unknown) => api(`${GARAGE}?id=${id}`, { method: 'DELETE', headers: bearer(token) });
const defaultGarage = async (token: string) =>
  (await api<{ defaultGarage: number | null }>(`${US_HOST}/account/buyer/account/current`, { headers: bearer(token) }))
    .body.data.defaultGarage;

let engineUnderTrim: number;
let trim: number;
let modelYear: number;
let engineUnderModel: number;
let models: number[];

beforeAll(async () => {
  await loadCatalogFixture();
  engineUnderTrim = await one(
    'SELECT e.id FROM vehicle_node e JOIN vehicle_node t ON t.id = e.parent_id WHERE e.level = 5 ' +
      'AND t.level = 4 ORDER BY e.id LIMIT 1',
  );
  trim = await one('SELECT id FROM vehicle_node WHERE level = 4 ORDER BY id DESC LIMIT 1');
  modelYear = await one('SELECT id FROM vehicle_node WHERE level = 3 ORDER BY id LIMIT 1 OFFSET 7');
  engineUnderModel = await one(
    'SELECT e.id FROM vehicle_node e JOIN vehicle_node m ON m.id = e.parent_id WHERE e.level = 5 ' +
      'AND m.level = 3 ORDER BY e.id LIMIT 1',
  );
  models = await ids('SELECT id FROM vehicle_node WHERE level = 3 ORDER BY id DESC LIMIT 31');
});

describe('the garage', () => {
  it('adds by node or levels, lists §3 saved vehicles default first, keeps default_garage in step', async () => {
    const token = await member('garage-add@example.com');
    const first = await add(token, { attributeValueId: engineUnderTrim });
    expect(first.body.success).toBe(true);
    const path = await pathOf(engineUnderTrim);
    const second = await add(token, { ...flat(await pathOf(modelYear)), yearName: 'ignored' });
    const garage = await list(token);
    expect(garage.map((v) => [v.id, v.isDefault])).toEqual([
      [first.body.data.id, true],
      [second.body.data.id, false],
    ]);
    expect(garage[0]).toEqual({
      id: first.body.data.id,
      isDefault: true,
      attributeValueId: engineUnderTrim,
      ...Object.fromEntries(
        path.map((node) => [
          ['year', 'make', 'model', 'trim', 'engine'][node.level - 1],
          { id: node.id, value: node.text, text: node.text },
        ]),
      ),
    });
    expect(garage[1]).toMatchObject({ attributeValueId: modelYear, trim: null, engine: null });
    expect(await defaultGarage(token)).toBe(first.body.data.id);

    const third = await add(token, { ...flat(await pathOf(trim)), isDefault: true });
    expect((await list(token)).map((v) => [v.id, v.isDefault])).toEqual([
      [third.body.data.id, true],
      [second.body.data.id, false],
      [first.body.data.id, false],
    ]);
    expect(await defaultGarage(token)).toBe(third.body.data.id);
  });

  it('never stores a vehicle twice: adding one already saved only makes it the default', async () => {
    const token = await member('garage-dedupe@example.com');
    const a = (await add(token, { attributeValueId: modelYear })).body.data.id;
    const b = (await add(token, { attributeValueId: engineUnderModel })).body.data.id;
    const again = await add(token, flat(await pathOf(engineUnderModel)));
    expect(again.body.data.id).toBe(b);
    expect((await list(token)).map((v) => [v.id, v.isDefault])).toEqual([
      [b, true],
      [a, false],
    ]);
    expect((await add(token, { attributeValueId: engineUnderModel })).body.data.id).toBe(b);
    const { n } = (await env.DB.prepare('SELECT count(*) AS n FROM garage_vehicle WHERE attribute_value_id = ?')
      .bind(engineUnderModel)
      .first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it('makes a vehicle the default, edits it, and merges an edit into a vehicle already saved', async () => {
    const token = await member('garage-edit@example.com');
    const a = (await add(token, { attributeValueId: modelYear })).body.data.id;
    const b = (await add(token, { attributeValueId: trim })).body.data.id;
    expect((await put(token, { id: b, isDefault: true })).body.data.id).toBe(b);
    expect((await list(token))[0]).toMatchObject({ id: b, isDefault: true });
    expect(await defaultGarage(token)).toBe(b);
    expect((await put(token, { id: b, ...flat(await pathOf(engineUnderTrim)) })).body.data.id).toBe(b);
    expect((await list(token))[0]).toMatchObject({ id: b, isDefault: true, attributeValueId: engineUnderTrim });
    const merged = await put(token, { id: b, attributeValueId: modelYear });
    expect(merged.body.data.id).toBe(a);
    expect(await list(token)).toMatchObject([{ id: a, isDefault: true, attributeValueId: modelYear }]);
    expect(await defaultGarage(token)).toBe(a);
    const nothing = await put(token, { id: a, isDefault: false });
    expect(nothing.status).toBe(400);
    expect(nothing.body.msg).toBe(GARAGE_MSG.nothingToChange);
  });

  it('deleting the default makes the newest one left the default; clearing empties it', async () => {
    const token = await member('garage-delete@example.com');
    const first = (await add(token, { attributeValueId: models[0] })).body.data.id;
    const second = (await add(token, { attributeValueId: models[1] })).body.data.id;
    const third = (await add(token, { attributeValueId: models[2] })).body.data.id;
    await put(token, { id: second, isDefault: true });
    expect((await remove(token, second)).body.success).toBe(true);
    expect((await list(token)).map((v) => [v.id, v.isDefault])).toEqual([
      [third, true],
      [first, false],
    ]);
    expect(await defaultGarage(token)).toBe(third);
    const missing = await remove(token, second);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(GARAGE_MSG.noSuchVehicle);
    expect((await api(`${GARAGE}/all`, { method: 'DELETE', headers: bearer(token) })).body.success).toBe(true);
    expect(await list(token)).toEqual([]);
    expect(await defaultGarage(token)).toBeNull();
    const again = (await add(token, { attributeValueId: models[3] })).body.data.id;
    expect(await list(token)).toMatchObject([{ id: again, isDefault: true }]);
  });

  it('holds at most 30 vehicles', async () => {
    const token = await member('garage-full@example.com');
    for (const id of models.slice(0, 30)) expect((await add(token, { attributeValueId: id })).body.success).toBe(true);
    const full = await add(token, { attributeValueId: models[30] });
    expect(full.status).toBe(400);
    expect(full.body.msg).toBe('Your garage is full (30 vehicles). Remove one to add another.');
    expect((await add(token, { attributeValueId: models[5] })).body.success).toBe(true);
    expect(await list(token)).toHaveLength(30);
  });

  it("never lets member B see, change or delete member A's vehicles", async () => {
    const a = await member('garage-owner-a@example.com');
    const b = await member('garage-owner-b@example.com');
    const id = (await add(a, { attributeValueId: engineUnderTrim })).body.data.id;
    expect(await list(b)).toEqual([]);
    expect((await put(b, { id, isDefault: true })).status).toBe(404);
    expect((await put(b, { id, attributeValueId: modelYear })).status).toBe(404);
    expect((await remove(b, id)).status).toBe(404);
    await api(`${GARAGE}/all`, { method: 'DELETE', headers: bearer(b) });
    expect(await list(a)).toMatchObject([{ id, isDefault: true, attributeValueId: engineUnderTrim }]);
    expect((await api(`${GARAGE}/list`)).status).toBe(401);
  });

  it('answers bad vehicles with a clear 4xx, never a 500', async () => {
    const token = await member('garage-bad@example.com');
    const path = flat(await pathOf(engineUnderTrim));
    const make = path.make!.id;
    const otherModel = await one(`SELECT id FROM vehicle_node WHERE level = 3 AND parent_id <> ${make} LIMIT 1`);
    const cases: [unknown, string][] = [
      [{ attributeValueId: 987654321 }, GARAGE_MSG.vehicleNotFound],
      [{ year: path.year, make: path.make, model: { id: make } }, GARAGE_MSG.vehicleNotFound],
      [{ year: path.year, make: path.make, model: { id: otherModel } }, GARAGE_MSG.vehicleNotFound],
      [{ ...path, trim: { id: trim } }, GARAGE_MSG.vehicleNotFound],
      [{ ...path, year: { id: path.year!.id + 1 } }, GARAGE_MSG.vehicleNotFound],
      [{ attributeValueId: engineUnderTrim, model: { id: modelYear } }, GARAGE_MSG.vehicleNotFound],
      [{ attributeValueId: make }, VEHICLE_REQUIRED_MESSAGE],
      [{ year: path.year, make: path.make }, VEHICLE_REQUIRED_MESSAGE],
      [{}, VEHICLE_REQUIRED_MESSAGE],
      [{ attributeValueId: String(engineUnderTrim) }, 'attributeValueId must be a positive whole number'],
      [{ ...path, model: { id: 'abc' } }, 'model.id must be a positive whole number'],
      [{ attributeValueId: -5 }, 'attributeValueId must be a positive whole number'],
      [{ attributeValueId: 1.5 }, 'attributeValueId must be a positive whole number'],
      [{ year: 2018, make: 'Ford', model: 'F-150' }, 'year must be an attribute with an id'],
    ];
    for (const [body, message] of cases) {
      const { status, body: envelope } = await add(token, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(envelope.msg, JSON.stringify(body)).toBe(message);
    }
    for (const query of ['abc', '-1', '0', '1e400']) expect((await remove(token, query)).status).toBe(400);
    expect((await put(token, { id: 'x', isDefault: true })).status).toBe(400);
    expect((await put(token, { id: 987654321, isDefault: true })).status).toBe(404);
    const many = await api(
      PUSH,
      json('POST', { vehicles: Array.from({ length: 1000 }, () => ({ attributeValueId: modelYear })) }, bearer(token)),
    );
    expect(many.status).toBe(400);
    expect(many.body.msg).toBe('vehicles can hold at most 30 vehicles');
    expect(await list(token)).toEqual([]);
  });
});

describe('pushing a visitor garage on sign-in', () => {
  it('needs a signed-in member', async () => {
    const { status, body } = await api(PUSH, json('POST', { vehicles: [] }));
    expect(status).toBe(401);
    expect(body.msg).toBe(MSG.loginInvalid);
  });

  it('fills an empty garage, taking the local default; skips vehicles that no longer exist', async () => {
    const token = await member('garage-push-empty@example.com');
    const vehicles = [
      {
        id: crypto.randomUUID(),
        attributeValueId: engineUnderTrim,
        isDefault: false,
        ...flat(await pathOf(engineUnderTrim)),
      },
      { id: crypto.randomUUID(), attributeValueId: modelYear, isDefault: true },
      { id: crypto.randomUUID(), attributeValueId: 987654321, isDefault: false },
      { id: crypto.randomUUID(), attributeValueId: modelYear, isDefault: false },
    ];
    const pushed = await api<SavedVehicle[]>(PUSH, json('POST', { vehicles }, bearer(token)));
    expect(pushed.body.success).toBe(true);
    expect(pushed.body.data.map((v) => [v.attributeValueId, v.isDefault])).toEqual([
      [modelYear, true],
      [engineUnderTrim, false],
    ]);
    expect(await list(token)).toEqual(pushed.body.data);
    expect(await defaultGarage(token)).toBe(pushed.body.data[0]!.id);
  });

  it('merges by vehicle into a garage that has vehicles, keeping its default', async () => {
    const token = await member('garage-push-merge@example.com');
    const kept = (await add(token, { attributeValueId: trim })).body.data.id;
    const other = (await add(token, { attributeValueId: modelYear })).body.data.id;
    const pushed = await api<SavedVehicle[]>(
      PUSH,
      json(
        'POST',
        {
          vehicles: [
            { attributeValueId: engineUnderModel, isDefault: true },
            { attributeValueId: modelYear, isDefault: false },
          ],
        },
        bearer(token),
      ),
    );
    expect(
      pushed.body.data.map((v) => [v.id === kept || v.id === other ? v.id : v.attributeValueId, v.isDefault]),
    ).toEqual([
      [kept, true],
      [engineUnderModel, false],
      [other, false],
    ]);
  });

  it('documents every garage call in /openapi.json', async () => {
    const doc = (await (await shop(`${US_HOST}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/account/buyer/current/garage-vehicle']!).sort()).toEqual(['delete', 'post', 'put']);
    for (const path of [
      '/account/buyer/current/garage-vehicle/list',
      '/account/buyer/current/garage-vehicle/all',
      '/account/public/buyer/garage-vehicle',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
