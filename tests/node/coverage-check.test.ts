// The coverage check (scripts/data/checks/coverage.ts) on the hand-made D1 data of
// data-check-fixture.ts: shocks and struts count front and rear apart, like brake pads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCoverage } from '../../scripts/data/checks/coverage.ts';
import type { Query } from '../../scripts/data/checks/d1.ts';
import { type FixtureDb, fitRow, item, openFixtureDb } from './data-check-fixture.ts';

const CAMRY = [{ make: 'Toyota', model: 'Camry' }];
const SHOCKS = 161;
/** The fixture's Camry model years (2017-2019). */
const CAMRY_YEARS = [21, 22, 23];

let fixture: FixtureDb;
let query: Query;
const run = (statements: string[]) => fixture.run(statements);

/** Two brands' shocks at two prices for the Camry's years, on one side. */
const shocks = (firstId: number, side: 'Front' | 'Rear') =>
  [0, 1].flatMap((n) => [
    item(
      firstId + n,
      `${['AutoHaven Pro', 'DuraStop'][n]} Shock Absorber, ${side} for 2017-2019 Toyota Camry`,
      SHOCKS,
      n + 1,
      3000 + n * 2000,
    ),
    ...CAMRY_YEARS.map((node) => fitRow(firstId + n, node, side)),
  ]);

beforeAll(async () => {
  fixture = await openFixtureDb('autohaven-coverage-');
  query = fixture.query;
  // The fixture's shocks are universal and name no side: this file's own fitted ones take their place.
  await run([`DELETE FROM item WHERE back_category_id = ${SHOCKS}`]);
});
afterAll(async () => {
  await fixture?.close();
});

describe('coverage of shocks and struts', () => {
  it('reports a model year with front shocks only as missing its rear ones', async () => {
    await run(shocks(60, 'Front'));
    const result = await checkCoverage(query, CAMRY);
    expect(result.count).toBe(3);
    expect(result.examples).toEqual([
      '2017 Toyota Camry: no shocks/struts (rear)',
      '2018 Toyota Camry: no shocks/struts (rear)',
      '2019 Toyota Camry: no shocks/struts (rear)',
    ]);
    expect(result.notes).toContain('gaps by kind: shocks/struts (rear) 3');
  });

  it('answers zero once the rear shocks come from two brands at two prices', async () => {
    await run(shocks(62, 'Rear'));
    const result = await checkCoverage(query, CAMRY);
    expect([result.count, result.examples]).toEqual([0, []]);
  });
});
