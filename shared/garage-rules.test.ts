import { describe, expect, it } from 'vitest';
import {
  GARAGE_FULL_MESSAGE,
  MAX_GARAGE_VEHICLES,
  garageRoom,
  isGarageFull,
  isSameGarageVehicle,
  vehicleChainKind,
  vehicleOfPath,
  vehiclePathKind,
} from './garage-rules.ts';

describe('garage rules', () => {
  it('caps a garage at 30 vehicles and says so', () => {
    expect(MAX_GARAGE_VEHICLES).toBe(30);
    expect(GARAGE_FULL_MESSAGE).toBe('Your garage is full (30 vehicles). Remove one to add another.');
    expect(isGarageFull(29)).toBe(false);
    expect(isGarageFull(30)).toBe(true);
    expect(garageRoom(28)).toBe(2);
    expect(garageRoom(31)).toBe(0);
  });

  it('takes two saved vehicles on the same deepest node for the same vehicle', () => {
    expect(isSameGarageVehicle({ attributeValueId: 7 }, { attributeValueId: 7 })).toBe(true);
    expect(isSameGarageVehicle({ attributeValueId: 7 }, { attributeValueId: 8 })).toBe(false);
  });

  it('knows a vehicle runs Year -> Make -> Model (-> Trim) (-> Engine)', () => {
    for (const levels of [
      [1, 2, 3],
      [1, 2, 3, 4],
      [1, 2, 3, 5],
      [1, 2, 3, 4, 5],
    ]) {
      expect(vehicleChainKind(levels)).toBe('vehicle');
    }
    expect(vehicleChainKind([1])).toBe('above-model');
    expect(vehicleChainKind([1, 2])).toBe('above-model');
    for (const levels of [[], [2, 3], [1, 3], [1, 2, 4], [1, 2, 3, 5, 4], [1, 2, 3, 4, 4]]) {
      expect(vehicleChainKind(levels)).toBe('invalid');
    }
  });

  it('needs a path linked parent to child and ending at the asked node', () => {
    const path = [
      { id: 10, level: 1, parentId: null },
      { id: 20, level: 2, parentId: 10 },
      { id: 30, level: 3, parentId: 20 },
    ];
    expect(vehiclePathKind(path, 30)).toBe('vehicle');
    expect(vehiclePathKind(path, 20)).toBe('invalid');
    expect(vehiclePathKind(path.slice(0, 2), 20)).toBe('above-model');
    expect(vehiclePathKind([path[0]!, path[1]!, { ...path[2]!, parentId: 10 }], 30)).toBe('invalid');
    expect(vehiclePathKind([], 30)).toBe('invalid');
  });
});

describe('the vehicle a node path stands for', () => {
  const node = (id: number, level: number, text: string) => ({ id, level, value: String(id), text });
  const year = node(1, 1, '2016');
  const make = node(2, 2, 'Chevrolet');
  const model = node(3, 3, 'Malibu');
  const trim = node(4, 4, 'LT');
  const engine = node(5, 5, '2.5L L4');
  const shown = ({ id, value, text }: { id: number; value: string; text: string }) => ({ id, value, text });

  it('names year, make and model, and the trim and engine when the path has them', () => {
    expect(vehicleOfPath([year, make, model])).toEqual({
      year: shown(year),
      make: shown(make),
      model: shown(model),
      trim: null,
      engine: null,
    });
    expect(vehicleOfPath([year, make, model, trim, engine])).toMatchObject({
      trim: shown(trim),
      engine: shown(engine),
    });
    expect(vehicleOfPath([year, make, model, engine])).toMatchObject({ trim: null, engine: shown(engine) });
  });

  it('is no vehicle above the model or with levels out of order', () => {
    expect(vehicleOfPath([year, make])).toBeNull();
    expect(vehicleOfPath([])).toBeNull();
    expect(vehicleOfPath([make, year, model])).toBeNull();
    expect(vehicleOfPath([year, make, model, engine, trim])).toBeNull();
  });
});
