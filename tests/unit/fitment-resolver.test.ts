import { describe, expect, it } from 'vitest';
import type { FitStatus } from '../../shared/fitment.ts';
import {
  resolveFitment,
  resolveForItems,
  type ApplicationRow,
  type Configuration,
  type FitmentFacts,
  type VehicleChoice,
} from '../../worker/catalog/fitment.ts';

// A model year with two trims (T1: engines E1, E2; T2: engine E3), and a trimless model year
// whose engines (F1, F2) sit directly under it.
const MODEL = 300,
  T1 = 401,
  T2 = 402,
  E1 = 501,
  E2 = 502,
  E3 = 503;
const BARE = 310,
  F1 = 511,
  F2 = 512;

const vehicles: Record<string, { vehicle: VehicleChoice; configurations: Configuration[] }> = {
  model: {
    vehicle: { modelNodeId: MODEL },
    configurations: [
      { id: T1, level: 4, engineIds: [E1, E2] },
      { id: T2, level: 4, engineIds: [E3] },
    ],
  },
  trim: {
    vehicle: { modelNodeId: MODEL, trimNodeId: T1 },
    configurations: [
      { id: E1, level: 5 },
      { id: E2, level: 5 },
    ],
  },
  engine: { vehicle: { modelNodeId: MODEL, trimNodeId: T1, engineNodeId: E1 }, configurations: [] },
  bareModel: {
    vehicle: { modelNodeId: BARE },
    configurations: [
      { id: F1, level: 5 },
      { id: F2, level: 5 },
    ],
  },
  bareEngine: { vehicle: { modelNodeId: BARE, engineNodeId: F1 }, configurations: [] },
};

const row = (nodeId: number, extra: Partial<ApplicationRow> = {}): ApplicationRow => ({
  nodeId,
  nodeLevel: nodeId === MODEL || nodeId === BARE ? 3 : nodeId < 500 ? 4 : 5,
  location: null,
  note: null,
  quantity: 1,
  ...extra,
});
const part: FitmentFacts = { vehicleUniversal: 0, nonVehicle: 0, applications: 5 };

const applications: Record<string, { item?: Partial<FitmentFacts>; rows: ApplicationRow[] }> = {
  yearRange: { rows: [row(MODEL), row(BARE)] },
  trimOnly: { rows: [row(T1)] },
  engineOnly: { rows: [row(E1), row(F1)] },
  mixed: { rows: [row(T2), row(E1)] },
  allTrimsCovered: { rows: [row(T1), row(T2)] },
  trimAndEnginesCovered: { rows: [row(T1), row(E3), row(F1), row(F2)] },
  otherTrimOnly: { rows: [row(T2)] },
  otherModelYearOnly: { rows: [] },
  none: { item: { applications: 0 }, rows: [] },
  universal: { item: { vehicleUniversal: 1, applications: 0 }, rows: [] },
};

type Expected = FitStatus | `UNCERTAIN:${'trim' | 'engine'}`;
// Rows: application kind; columns: model, trim (T1), engine (E1), trimless model, its engine F1.
const matrix: [string, Expected, Expected, Expected, Expected, Expected][] = [
  ['yearRange', 'FIT', 'FIT', 'FIT', 'FIT', 'FIT'],
  ['trimOnly', 'UNCERTAIN:trim', 'FIT', 'FIT', 'NOT_FIT', 'NOT_FIT'],
  ['engineOnly', 'UNCERTAIN:trim', 'UNCERTAIN:engine', 'FIT', 'UNCERTAIN:engine', 'FIT'],
  ['mixed', 'UNCERTAIN:trim', 'UNCERTAIN:engine', 'FIT', 'NOT_FIT', 'NOT_FIT'],
  ['allTrimsCovered', 'FIT', 'FIT', 'FIT', 'NOT_FIT', 'NOT_FIT'],
  ['trimAndEnginesCovered', 'FIT', 'FIT', 'FIT', 'FIT', 'FIT'],
  ['otherTrimOnly', 'UNCERTAIN:trim', 'NOT_FIT', 'NOT_FIT', 'NOT_FIT', 'NOT_FIT'],
  ['otherModelYearOnly', 'NOT_FIT', 'NOT_FIT', 'NOT_FIT', 'NOT_FIT', 'NOT_FIT'],
  ['none', 'NOT_FIT', 'NOT_FIT', 'NOT_FIT', 'NOT_FIT', 'NOT_FIT'],
  ['universal', 'FIT', 'FIT', 'FIT', 'FIT', 'FIT'],
];
const depths = ['model', 'trim', 'engine', 'bareModel', 'bareEngine'] as const;
const cases = matrix.flatMap(([kind, ...expected]) =>
  depths.map((depth, index) => [kind, depth, expected[index]!] as const),
);

describe('resolveFitment', () => {
  it.each(cases)('%s at %s depth is %s', (kind, depth, expected) => {
    const { item, rows } = applications[kind]!;
    const { vehicle, configurations } = vehicles[depth]!;
    const answer = resolveFitment({ vehicle, item: { ...part, ...item }, rows, configurations });
    const [status, missingLevel] = expected.split(':');
    expect(answer).toMatchObject({ applies: true, status });
    expect(answer.missingLevel).toBe(missingLevel);
  });

  it.each(depths)('a non-vehicle product has no fitment at %s depth', (depth) => {
    const { vehicle, configurations } = vehicles[depth]!;
    const answer = resolveFitment({
      vehicle,
      item: { ...part, nonVehicle: 1, applications: 0 },
      rows: [],
      configurations,
    });
    expect(answer).toEqual({ applies: false, status: 'EMPTY', notes: [], positions: [] });
  });

  it('is EMPTY without a vehicle, whatever the part', () => {
    for (const { item, rows } of Object.values(applications)) {
      expect(resolveFitment({ vehicle: null, item: { ...part, ...item }, rows, configurations: [] })).toMatchObject({
        applies: true,
        status: 'EMPTY',
      });
    }
    expect(
      resolveFitment({ vehicle: null, item: { ...part, nonVehicle: true }, rows: [], configurations: [] }).applies,
    ).toBe(false);
  });

  it('collects the distinct notes and positions of the matched rows only', () => {
    const rows = [
      row(E1, { note: 'With 4-Wheel Disc Brakes', location: 'Front' }),
      row(E1, { note: 'With 4-Wheel Disc Brakes', location: 'Rear' }),
      row(E3, { note: 'Hybrid only', location: 'Front Left' }),
    ];
    const atEngine = resolveFitment({ vehicle: vehicles.engine!.vehicle, item: part, rows, configurations: [] });
    expect(atEngine).toEqual({
      applies: true,
      status: 'FIT',
      notes: ['With 4-Wheel Disc Brakes'],
      positions: ['Front', 'Rear'],
    });
    const atModel = resolveFitment({ ...vehicles.model!, item: part, rows });
    expect(atModel).toMatchObject({
      status: 'UNCERTAIN',
      missingLevel: 'trim',
      notes: ['With 4-Wheel Disc Brakes', 'Hybrid only'],
      positions: ['Front', 'Rear', 'Front Left'],
    });
    expect(resolveFitment({ ...vehicles.trim!, item: part, rows: [row(E3, { note: 'x', location: 'Rear' })] })).toEqual(
      { applies: true, status: 'NOT_FIT', notes: [], positions: [] },
    );
  });

  it('does not call a trim without engines covered by engine rows elsewhere', () => {
    const configurations: Configuration[] = [
      { id: T1, level: 4, engineIds: [] },
      { id: T2, level: 4, engineIds: [E3] },
    ];
    expect(
      resolveFitment({ vehicle: { modelNodeId: MODEL }, item: part, rows: [row(E3)], configurations }),
    ).toMatchObject({ status: 'UNCERTAIN', missingLevel: 'trim' });
  });
});

describe('resolveForItems', () => {
  it('answers many items at once, each from its own rows', () => {
    const answers = resolveForItems(
      vehicles.trim!.vehicle,
      [
        { itemId: 1, ...part },
        { itemId: 2, ...part },
        { itemId: 3, ...part, vehicleUniversal: 1 },
        { itemId: 4, ...part, nonVehicle: 1 },
        { itemId: 5, ...part },
      ],
      [
        { itemId: 1, ...row(T1) },
        { itemId: 2, ...row(E2) },
        { itemId: 5, ...row(T2) },
      ],
      vehicles.trim!.configurations,
    );
    expect([...answers].map(([id, answer]) => [id, answer.applies, answer.status, answer.missingLevel])).toEqual([
      [1, true, 'FIT', undefined],
      [2, true, 'UNCERTAIN', 'engine'],
      [3, true, 'FIT', undefined],
      [4, false, 'EMPTY', undefined],
      [5, true, 'NOT_FIT', undefined],
    ]);
  });
});
