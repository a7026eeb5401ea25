import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { vinCheckDigit } from '../../shared/vin.ts';
import { US_HOST, api } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

type Node = { id: number; level: number; value: string; text: string };
const children = (query: string) => api<Node[]>(`${US_HOST}/item/public/attr/value/child/car-model?${query}`);

beforeAll(loadCatalogFixture);

describe('vehicle selector API', () => {
  it('lists the attribute levels', async () => {
    const { body } = await api<Record<string, number>>(`${US_HOST}/item/public/attr/key/car-model/map`);
    expect(body.data).toEqual({ Year: 1, Make: 2, Model: 3, Trim: 4, Engine: 5 });
  });

  it('walks year -> make -> model -> trim -> engine', async () => {
    const years = (await children('level=1')).body.data;
    expect(years[0]!.text).toBe('2018');
    const y2015 = years.find((y) => y.text === '2015')!;
    const makes = (await children(`attributeValueId=${y2015.id}&level=2`)).body.data;
    expect(makes.map((m) => m.text)).toEqual(['Chevrolet', 'Dodge', 'Ford', 'GMC', 'Honda', 'Toyota']);
    const honda = makes.find((m) => m.text === 'Honda')!;
    const models = (await children(`attributeValueId=${honda.id}&level=3`)).body.data;
    const civic = models.find((m) => m.text === 'Civic')!;
    expect(civic.level).toBe(3);
    const below = (await children(`attributeValueId=${civic.id}&level=4`)).body.data;
    expect(below.length).toBeGreaterThan(0);
    expect(below.map((n) => n.text)).toContain('EX');
    const engines = (await children(`attributeValueId=${below[0]!.id}&level=5`)).body.data;
    expect(engines.every((n) => n.level === 5)).toBe(true);
  });

  it('answers unknown and mismatched ids with a clear message, never a 500', async () => {
    expect((await children('attributeValueId=99999999&level=2')).status).toBe(404);
    const year = await env.DB.prepare('SELECT id FROM vehicle_node WHERE level = 1 LIMIT 1').first<{ id: number }>();
    const mismatched = await children(`attributeValueId=${year!.id}&level=1`);
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.msg).toMatch(/^level 1 is not below the year level/);
    for (const query of ['attributeValueId=abc', 'level=9', 'attributeValueId=-3', 'level=3']) {
      const { status, body } = await children(query);
      expect(status, query).toBe(400);
      expect(body.success).toBe(false);
    }
  });

  it('finds a vehicle by its values or by its id', async () => {
    const byValues = await api<{
      attributeValueId: number;
      vehicle: { year: Node; make: Node; model: Node; trim: Node | null };
    }>(`${US_HOST}/item/public/buyer/car-model/vehicle-id?year=2015&make=honda&model=Civic&trim=EX`);
    expect(byValues.body.data.vehicle.make.text).toBe('Honda');
    expect(byValues.body.data.vehicle.trim!.text).toBe('EX');
    expect(byValues.body.data.attributeValueId).toBe(byValues.body.data.vehicle.trim!.id);
    const byId = await api<{ vehicle: { model: Node } }>(
      `${US_HOST}/item/public/buyer/car-model/vehicle-id?attributeValueId=${byValues.body.data.attributeValueId}`,
    );
    expect(byId.body.data.vehicle.model.text).toBe('Civic');
    expect((await api(`${US_HOST}/item/public/buyer/car-model/vehicle-id?year=1899&make=Ford&model=T`)).status).toBe(
      404,
    );
  });

  it('decodes a VIN to its year and make and offers that make’s models', async () => {
    const base = '1HGCR2F3_EA000001';
    const vin = base.replace('_', vinCheckDigit(base.replace('_', '0')));
    const decoded = await api<{ year: Node; make: Node; models: Node[] }>(
      `${US_HOST}/item/public/buyer/car-model/vin?vin=${vin}`,
    );
    expect(decoded.body.data.year.text).toBe('2014');
    expect(decoded.body.data.make.text).toBe('Honda');
    expect(decoded.body.data.models.map((m) => m.text)).toContain('Accord');
    const bad = await api(
      `${US_HOST}/item/public/buyer/car-model/vin?vin=${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('This VIN does not pass the check-digit test. Please check each character.');
  });

  it('lists the categories with parts for a vehicle, and the top makes', async () => {
    const node = await env.DB.prepare('SELECT node_id FROM fitment WHERE node_level = 3 LIMIT 1').first<{
      node_id: number;
    }>();
    const { body } = await api<{ name: string; items: number }[]>(
      `${US_HOST}/search/public/buyer/category/vehicle-categories?attributeValueId=${node!.node_id}`,
    );
    expect(body.data.length).toBeGreaterThan(1);
    expect(body.data.every((category) => category.items > 0)).toBe(true);
    const top = await api<{ name: string }[]>(`${US_HOST}/item/public/buyer/top-makes`);
    expect(top.body.data.map((make) => make.name).sort()).toEqual([
      'Chevrolet',
      'Dodge',
      'Ford',
      'GMC',
      'Honda',
      'Toyota',
    ]);
  });
});
