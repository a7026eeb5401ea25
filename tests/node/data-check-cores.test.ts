// The core-charge check (scripts/data/checks/cores.ts) on the hand-made clean set: a remanufactured
// alternator with its charge in both markets passes; one missing its Canadian charge, and a charge on
// a part that never says it carries one, are reported with the part named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCoreCharges } from '../../scripts/data/checks/cores.ts';
import { type FixtureDb, item, openFixtureDb } from './data-check-fixture.ts';

let fixture: FixtureDb;

beforeAll(async () => {
  fixture = await openFixtureDb('autohaven-check-cores-');
});
afterAll(async () => {
  await fixture?.close();
});

const sku = (id: number, itemId: number, partNumber: string) =>
  `INSERT INTO sku (id, item_id, part_number, available_total) VALUES (${id}, ${itemId}, '${partNumber}', 5)`;
const price = (skuId: number, currency: 'USD' | 'CAD', core: number | null) =>
  `INSERT INTO sku_price (sku_id, currency, discount_price, original_price, core_charge)
   VALUES (${skuId}, '${currency}', 15000, 15000, ${core ?? 'NULL'})`;
const corePart = (id: number, title: string) => [
  item(id, title, 111, 1),
  `UPDATE item SET special_note = 'Core charge applies' WHERE id = ${id}`,
];
const undo = [
  'DELETE FROM sku_price WHERE sku_id BETWEEN 900 AND 909',
  'DELETE FROM sku WHERE id BETWEEN 900 AND 909',
  'DELETE FROM item WHERE id BETWEEN 90 AND 99',
];

describe('the core-charge check', () => {
  it('passes a core part charged in both markets and a plain part charged in neither', async () => {
    await fixture.run([
      ...corePart(90, 'AutoHaven Remanufactured Alternator'),
      sku(900, 90, 'AHP-ALT-90'),
      price(900, 'USD', 4500),
      price(900, 'CAD', 6100),
      item(91, 'DuraStop Cabin Air Filter', 111, 2),
      sku(901, 91, 'DS-CAF-91'),
      price(901, 'USD', null),
    ]);
    try {
      const result = await checkCoreCharges(fixture.query);
      expect(result.count).toBe(0);
      expect(result.notes).toEqual(['1 SKUs with a core']);
    } finally {
      await fixture.run(undo);
    }
  });

  it('names a core part without its Canadian charge and a charge on a part that says none', async () => {
    await fixture.run([
      ...corePart(92, 'AutoHaven Remanufactured Starter'),
      sku(902, 92, 'AHP-STR-92'),
      price(902, 'USD', 3500),
      price(902, 'CAD', null),
      item(93, 'DuraStop Oil Filter', 111, 2),
      sku(903, 93, 'DS-OF-93'),
      price(903, 'USD', 900),
    ]);
    try {
      expect((await checkCoreCharges(fixture.query)).examples).toEqual([
        '#92 "AutoHaven Remanufactured Starter" (AHP-STR-92): says it carries a core charge, has none in CAD',
        '#93 "DuraStop Oil Filter" (DS-OF-93): a core charge on a part that does not say it carries one',
      ]);
    } finally {
      await fixture.run(undo);
    }
  });
});
