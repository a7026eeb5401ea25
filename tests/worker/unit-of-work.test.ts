import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { GuardFailed, unitOfWork } from '../../worker/platform/unit-of-work.ts';

/**
 * The unit of work every flow writes through: one D1 batch, reads that ride along, guards named
 * when they stop it, the audit entry written with the change or not at all.
 */

const db = () => env.DB;
const shelf = () => db().prepare('SELECT units FROM uow_shelf WHERE id = 1').first<{ units: number }>();
const take = (units: number) => db().prepare('UPDATE uow_shelf SET units = units - ? WHERE id = 1').bind(units);
const holds = async (units: number) => ((await shelf())?.units ?? 0) >= units;
const audits = async (action: string) =>
  (await db().prepare('SELECT count(*) AS n FROM audit_log WHERE action = ?').bind(action).first<{ n: number }>())?.n;
const entry = (action: string) => ({
  staffId: null,
  staffEmail: 'staff@example.com',
  action,
  recordType: 'probe',
  recordId: '1',
  before: { units: 5 },
  after: { units: 3 },
});

beforeEach(async () => {
  await db().batch([
    db().prepare(
      'CREATE TABLE IF NOT EXISTS uow_shelf (id INTEGER PRIMARY KEY, units INTEGER NOT NULL CHECK (units >= 0))',
    ),
    db().prepare('DELETE FROM uow_shelf'),
    db().prepare('INSERT INTO uow_shelf (id, units) VALUES (1, 5)'),
  ]);
});

describe('a unit of work', () => {
  it('answers a read that rode along once the batch has run, and refuses it before', async () => {
    const work = unitOfWork(db());
    work.add(take(2));
    const unitsLeft = work.along(db().prepare('SELECT units FROM uow_shelf WHERE id = 1'), (r) => r.results[0]);
    expect(() => unitsLeft()).toThrow('read before the unit of work ran');
    expect(await work.commit()).toEqual({ ok: true });
    expect(unitsLeft()).toEqual({ units: 3 });
  });

  it('writes nothing when one statement fails: the whole batch is one transaction', async () => {
    const work = unitOfWork(db()).add(take(1)).audit(entry('probe.partial'));
    work.guard('shelf', [take(10)], () => holds(10));
    const committed = await work.commit();
    expect(committed).toMatchObject({ ok: false, guard: 'shelf' });
    expect((await shelf())?.units).toBe(5);
    expect(await audits('probe.partial')).toBe(0);
  });

  it('names the guard whose condition no longer holds, not the first one added', async () => {
    const work = unitOfWork(db());
    work.guard('enough for one', [take(1)], () => holds(1));
    work.guard('enough for six', [take(5)], () => holds(6));
    expect(await work.commit()).toMatchObject({ ok: false, guard: 'enough for six' });
  });

  it('names a failure no statement of its own explains, such as a key another request used first', async () => {
    const work = unitOfWork(db()).add(db().prepare('INSERT INTO uow_shelf (id, units) VALUES (1, 1)'));
    work.explain('already placed', async () => false);
    expect(await work.commit()).toMatchObject({ ok: false, guard: 'already placed' });
  });

  it('throws the failure as it came when no guard explains it', async () => {
    const work = unitOfWork(db()).add(db().prepare('INSERT INTO uow_shelf (id, units) VALUES (1, 1)'));
    work.guard('shelf', [take(1)], () => holds(1));
    await expect(work.commit()).rejects.toThrow(/UNIQUE|constraint/i);
  });

  it('writes the staff member’s audit entry in the batch of the change', async () => {
    await unitOfWork(db()).add(take(2)).audit(entry('probe.take')).run();
    expect((await shelf())?.units).toBe(3);
    expect(await audits('probe.take')).toBe(1);
  });

  it('throws GuardFailed from run() when a guard stops the batch', async () => {
    const work = unitOfWork(db()).guard('shelf', [take(6)], () => holds(6));
    await expect(work.run()).rejects.toEqual(new GuardFailed('shelf'));
  });

  it('refuses statements once it has run, so nothing is written outside its batch', async () => {
    const work = unitOfWork(db()).add(take(1));
    await work.run();
    expect(() => work.add(take(1))).toThrow('this unit of work has run');
  });

  it('lets one of two racing units take the last units and names the guard for the other', async () => {
    const attempt = () =>
      unitOfWork(db())
        .guard('shelf', [take(4)], () => holds(4))
        .commit();
    const outcomes = await Promise.all([attempt(), attempt()]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toMatchObject([{ ok: false, guard: 'shelf' }]);
    expect((await shelf())?.units).toBe(1);
  });
});
