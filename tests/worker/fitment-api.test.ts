import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lookupFitment } from '../../worker/catalog/fitment-lookup.ts';
import { vehiclePath } from '../../worker/vehicles/path.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { api, shop, US_HOST } from './helpers.ts';

const MATCH = `${US_HOST}/item/public/buyer/car-model/universal/match`;
const TABLE = `${US_HOST}/item/public/buyer/item/relation/car-model-include-v2`;
const one = async <T>(sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<T>())!;

interface Match {
  carModelMatch: string;
  applies: boolean;
  missingLevel?: string;
  notes: string[];
  positions: string[];
}
interface TableRow {
  year: number;
  make: string;
  model: string;
  subModel: string | null;
  engine: string | null;
  note: string | null;
  quantity: number;
}
interface Table {
  applies: boolean;
  universal: boolean;
  total: number;
  page: number;
  size: number;
  records: TableRow[];
}

/** The match answer for an item and a vehicle given as its path, year first. */
async function match(itemId: number, deepestNodeId?: number) {
  const path = deepestNodeId === undefined ? [] : (await vehiclePath(env.DB, deepestNodeId))!.nodeIds;
  const { status, body } = await api<Match>(
    `${MATCH}?itemId=${itemId}${path.length ? `&attributeValueIds=${path.join(',')}` : ''}&carModelValue=x`,
  );
  expect(status).toBe(200);
  return body.data;
}

beforeAll(loadCatalogFixture);
afterEach(() => vi.restoreAllMocks());

describe('universal match', () => {
  it('fits an item applied to a model year, and not another model', async () => {
    const app = await one<{ itemId: number; modelId: number }>(
      `SELECT item_id AS itemId, model_node_id AS modelId FROM fitment WHERE node_level = 3 ` +
        `AND note IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const other = await one<{ id: number }>(
      'SELECT id FROM vehicle_node WHERE level = 3 AND id NOT IN (SELECT model_node_id FROM fitment ' +
        'WHERE item_id = ?) LIMIT 1',
      app.itemId,
    );
    const { results: direct } = await env.DB.prepare(
      'SELECT DISTINCT note, location FROM fitment WHERE item_id = ? AND node_id = ?',
    )
      .bind(app.itemId, app.modelId)
      .all<{ note: string; location: string }>();
    const fit = await match(app.itemId, app.modelId);
    expect(fit).toMatchObject({ carModelMatch: 'FIT', applies: true });
    expect(fit.missingLevel).toBeUndefined();
    expect(fit.notes.sort()).toEqual([...new Set(direct.map((row) => row.note))].sort());
    expect(fit.positions.sort()).toEqual([...new Set(direct.map((row) => row.location).filter(Boolean))].sort());
    expect(await match(app.itemId, other.id)).toEqual({
      carModelMatch: 'NOT_FIT',
      applies: true,
      notes: [],
      positions: [],
    });
    expect(await match(app.itemId)).toMatchObject({ carModelMatch: 'EMPTY', applies: true });
  });

  it('asks for the trim of a trim-level item at model depth, fits its trim, not another trim', async () => {
    const app = await one<{ itemId: number; trimId: number; modelId: number; otherTrimId: number }>(
      `SELECT f.item_id AS itemId, f.node_id AS trimId, f.model_node_id AS modelId, o.id AS otherTrimId
       FROM fitment f JOIN vehicle_node o ON o.parent_id = f.model_node_id AND o.level = 4
       WHERE f.node_level = 4 AND NOT EXISTS (SELECT 1 FROM fitment g WHERE g.item_id = f.item_id
         AND g.model_node_id = f.model_node_id
         AND (g.node_level = 3 OR g.node_id = o.id OR g.node_id IN (SELECT id FROM vehicle_node
           WHERE parent_id = o.id))) LIMIT 1`,
    );
    expect(await match(app.itemId, app.modelId)).toMatchObject({ carModelMatch: 'UNCERTAIN', missingLevel: 'trim' });
    expect(await match(app.itemId, app.trimId)).toMatchObject({ carModelMatch: 'FIT' });
    expect(await match(app.itemId, app.otherTrimId)).toMatchObject({ carModelMatch: 'NOT_FIT' });
    const engine = await one<{ id: number } | null>(
      'SELECT id FROM vehicle_node WHERE parent_id = ? LIMIT 1',
      app.trimId,
    );
    if (engine) expect(await match(app.itemId, engine.id)).toMatchObject({ carModelMatch: 'FIT' });
  });

  it('asks for the engine of an engine-level item at trim depth, fits its engine, not a sibling', async () => {
    const app = await one<{ itemId: number; engineId: number; trimId: number; siblingId: number }>(
      `SELECT f.item_id AS itemId, f.node_id AS engineId, t.id AS trimId, s.id AS siblingId
       FROM fitment f JOIN vehicle_node e ON e.id = f.node_id JOIN vehicle_node t ON t.id = e.parent_id AND t.level = 4
       JOIN vehicle_node s ON s.parent_id = t.id AND s.id <> e.id
       WHERE f.node_level = 5 AND NOT EXISTS (SELECT 1 FROM fitment g WHERE g.item_id = f.item_id
         AND g.model_node_id = f.model_node_id
         AND g.node_id IN (s.id, t.id, f.model_node_id)) LIMIT 1`,
    );
    expect(await match(app.itemId, app.trimId)).toMatchObject({ carModelMatch: 'UNCERTAIN', missingLevel: 'engine' });
    expect(await match(app.itemId, app.engineId)).toMatchObject({ carModelMatch: 'FIT' });
    expect(await match(app.itemId, app.siblingId)).toMatchObject({ carModelMatch: 'NOT_FIT' });
  });

  it('fits a universal part to any vehicle and gives a non-vehicle product no fitment', async () => {
    const model = await one<{ id: number }>('SELECT id FROM vehicle_node WHERE level = 3 LIMIT 1');
    const universal = await one<{ id: number }>('SELECT id FROM item WHERE vehicle_universal = 1 LIMIT 1');
    const tool = await one<{ id: number }>('SELECT id FROM item WHERE non_vehicle = 1 LIMIT 1');
    expect(await match(universal.id, model.id)).toMatchObject({ carModelMatch: 'FIT', applies: true });
    expect(await match(tool.id, model.id)).toMatchObject({ applies: false });
    expect(await match(tool.id)).toMatchObject({ applies: false });
  });

  it('maps a skuId to its item', async () => {
    const app = await one<{ skuId: number; modelId: number }>(
      'SELECT s.id AS skuId, f.model_node_id AS modelId FROM fitment f JOIN sku s ' +
        'ON s.item_id = f.item_id WHERE f.node_level = 3 LIMIT 1',
    );
    const path = (await vehiclePath(env.DB, app.modelId))!.nodeIds.join(',');
    const { body } = await api<Match>(`${MATCH}?skuId=${app.skuId}&attributeValueIds=${path}`);
    expect(body.data).toMatchObject({ carModelMatch: 'FIT' });
  });

  it('logs and answers null without skuId or itemId (§5)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { status, body } = await api(`${MATCH}?attributeValueIds=1&carModelValue=2015%20Honda%20Civic`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, data: null });
    expect(logged).toHaveBeenCalledOnce();
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const model = await one<{ id: number }>('SELECT id FROM vehicle_node WHERE level = 3 LIMIT 1');
    const year = await one<{ id: number }>('SELECT id FROM vehicle_node WHERE level = 1 LIMIT 1');
    for (const query of [
      `itemId=999999&attributeValueIds=${model.id}`,
      'skuId=999999',
      'itemId=1&attributeValueIds=999999',
      `itemId=1&attributeValueIds=${year.id}`,
    ]) {
      const { status, body } = await api(`${MATCH}?${query}`);
      expect(status, query).toBe(404);
      expect(body.msg).toMatch(/^No (item|SKU|vehicle)/);
    }
    const bad = await api(`${MATCH}?itemId=1&attributeValueIds=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^attributeValueIds must be/);
    const otherModel = await one<{ id: number }>(
      'SELECT id FROM vehicle_node WHERE level = 3 AND id <> ? LIMIT 1',
      model.id,
    );
    expect((await api(`${MATCH}?itemId=1&attributeValueIds=${otherModel.id},${model.id}`)).body.msg).toMatch(
      /^attributeValueIds must be one path/,
    );
  });
});

describe('fitment table (car-model-include-v2)', () => {
  it('lists the vehicles an item fits with real names, sorted and paged', async () => {
    const item = await one<{ itemId: number; total: number }>(
      'SELECT item_id AS itemId, count(*) AS total FROM fitment GROUP BY item_id ' +
        'HAVING count(*) >= 5 ORDER BY item_id LIMIT 1',
    );
    const { status, body } = await api<Table>(`${TABLE}?itemId=${item.itemId}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ applies: true, universal: false, total: item.total, page: 1, size: 50 });
    const makes = (await env.DB.prepare('SELECT name FROM vehicle_make').all<{ name: string }>()).results.map(
      (row) => row.name,
    );
    for (const row of body.data.records) {
      expect(makes).toContain(row.make);
      expect(row.model).toMatch(/\w/);
      expect(Object.keys(row)).toEqual([
        'year',
        'make',
        'model',
        'subModel',
        'series',
        'engine',
        'engineCode',
        'engineType',
        'bodyStyle',
        'location',
        'note',
        'quantity',
      ]);
    }
    // SQLite compares text byte by byte: so does this check.
    const keys = body.data.records.map((row) => `${row.make}\u0000${row.model}\u0000${row.year}`);
    expect(keys).toEqual([...keys].sort());
    const first = (await api<Table>(`${TABLE}?itemId=${item.itemId}&page=1&size=2`)).body.data;
    const second = (await api<Table>(`${TABLE}?itemId=${item.itemId}&page=2&size=2`)).body.data;
    expect(first.records).toEqual(body.data.records.slice(0, 2));
    expect(second.records).toEqual(body.data.records.slice(2, 4));
    expect(second.total).toBe(item.total);
  });

  it('has no table for a non-vehicle product, says universal for universal parts, and checks its query', async () => {
    const tool = await one<{ id: number }>('SELECT id FROM item WHERE non_vehicle = 1 LIMIT 1');
    const universalSku = await one<{ id: number }>(
      'SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.vehicle_universal = 1 LIMIT 1',
    );
    expect((await api<Table>(`${TABLE}?itemId=${tool.id}`)).body.data).toMatchObject({
      applies: false,
      total: 0,
      records: [],
    });
    expect((await api<Table>(`${TABLE}?skuId=${universalSku.id}`)).body.data).toMatchObject({
      applies: true,
      universal: true,
    });
    expect((await api(`${TABLE}?itemId=999999`)).status).toBe(404);
    expect((await api(`${TABLE}?itemId=1&size=201`)).status).toBe(400);
    expect((await api(`${TABLE}`)).body).toMatchObject({ httpCode: 400, msg: 'itemId or skuId is required' });
  });

  it('is documented in /openapi.json with the match call', async () => {
    const document = (await (await shop(`${US_HOST}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/item/public/buyer/car-model/universal/match',
        '/item/public/buyer/item/relation/car-model-include-v2',
      ]),
    );
  });
});

describe('lookupFitment', () => {
  it('resolves 50 items in a single db.batch and nothing else', async () => {
    const model = await one<{ id: number }>('SELECT model_node_id AS id FROM fitment WHERE node_level = 4 LIMIT 1');
    const { results } = await env.DB.prepare('SELECT id FROM item ORDER BY id LIMIT 50').all<{ id: number }>();
    const vehicle = (await vehiclePath(env.DB, model.id))!;
    const calls: string[] = [];
    const statement = Object.getPrototypeOf(env.DB.prepare('SELECT 1')) as D1PreparedStatement;
    for (const method of ['all', 'first', 'run', 'raw'] as const)
      vi.spyOn(statement, method).mockImplementation(() => {
        throw new Error(`${method}() outside the batch`);
      });
    const db = new Proxy(env.DB, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key !== 'prepare') calls.push(String(key));
          return value.apply(target, args);
        };
      },
    });
    const answers = await lookupFitment(
      db,
      vehicle,
      results.map((row) => row.id),
    );
    expect(calls).toEqual(['batch']);
    vi.restoreAllMocks();
    expect(answers.size).toBe(50);
    for (const [itemId, answer] of answers)
      expect(answer, `item ${itemId}`).toEqual((await lookupFitment(env.DB, vehicle, [itemId])).get(itemId));
    await expect(
      lookupFitment(
        db,
        vehicle,
        Array.from({ length: 101 }, (_, index) => index + 1),
      ),
    ).rejects.toThrow(RangeError);
  });
});

describe('fit of many products at once', () => {
  it('answers every listed product for the chosen vehicle, and EMPTY without one', async () => {
    const application = await env.DB.prepare(
      'SELECT f.item_id, f.model_node_id FROM fitment f WHERE f.node_level = 3 LIMIT 1',
    ).first<{ item_id: number; model_node_id: number }>();
    const path = await env.DB.prepare(
      `WITH RECURSIVE up(id) AS (SELECT ?1 UNION ALL SELECT n.parent_id FROM vehicle_node n JOIN up
        ON n.id = up.id WHERE n.parent_id IS NOT NULL)
       SELECT group_concat(id) AS ids FROM (SELECT id FROM vehicle_node WHERE id IN (SELECT id
         FROM up) ORDER BY level)`,
    )
      .bind(application!.model_node_id)
      .first<{ ids: string }>();
    const { results } = await env.DB.prepare('SELECT id FROM item ORDER BY id LIMIT 30').all<{ id: number }>();
    const ids = [...new Set([application!.item_id, ...results.map((row) => row.id)])];
    const answer = await api<{ itemId: number; carModelMatch: string }[]>(
      `${US_HOST}/item/public/buyer/car-model/universal/match-list` +
        `?itemIds=${ids.join(',')}&attributeValueIds=${path!.ids}`,
    );
    expect(answer.body.data.map((row) => row.itemId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(answer.body.data.find((row) => row.itemId === application!.item_id)!.carModelMatch).toBe('FIT');
    const none = await api<{ carModelMatch: string }[]>(
      `${US_HOST}/item/public/buyer/car-model/universal/match-list?itemIds=${ids.join(',')}`,
    );
    expect(new Set(none.body.data.map((row) => row.carModelMatch))).toEqual(new Set(['EMPTY']));
    expect((await api(`${US_HOST}/item/public/buyer/car-model/universal/match-list?itemIds=abc`)).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await api(`${US_HOST}/item/public/buyer/car-model/universal/match-list?itemIds=${tooMany}`)).status).toBe(
      400,
    );
  });
});
