// What an engine node's text says about the engine: fuel, displacement, cylinders. The catalog
// fits engine parts by these facts, so a spark plug never meets a diesel or an electric motor.
import type { VehicleNode, VehicleTree } from './vehicle-tree.ts';

export type Fuel = 'gas' | 'diesel' | 'electric' | 'hybrid' | 'flex' | 'gaseous' | 'unknown';

export interface Engine {
  fuel: Fuel;
  displacement: string | null;
  cylinders: number | null;
  /** Same key, same engine for the parts that bolt to it: displacement and cylinder count. */
  key: string;
  /** How a title names it: "5.0L V8", "2.5L 4-Cyl", "Electric". */
  label: string;
}

const FUELS: [RegExp, Fuel][] = [
  [/plug-in hybrid|hybrid/i, 'hybrid'],
  [/electric|fuel cell|\bev\b/i, 'electric'],
  [/diesel/i, 'diesel'],
  [/flex|e85/i, 'flex'],
  [/cng|propane|lpg|natural gas/i, 'gaseous'],
  [/gas(oline)?\b/i, 'gas'],
];

/** Reads fuel, displacement and cylinders out of an engine text such as "5.3L 8 Cyl Flex Fuel". */
export function parseEngine(text: string): Engine {
  const fuel = FUELS.find(([pattern]) => pattern.test(text))?.[1] ?? 'unknown';
  const litres = /(\d+(?:\.\d)?)\s*L\b/i.exec(text);
  const displacement = litres ? `${Number(litres[1]).toFixed(1)}L` : null;
  const layout = /\b([VLHIW])(\d{1,2})\b/.exec(text);
  const count = layout ? Number(layout[2]) : Number(/\b(\d{1,2})\s*Cyl/i.exec(text)?.[1] ?? Number.NaN);
  const cylinders = Number.isFinite(count) ? count : null;
  if (fuel === 'electric') return { fuel, displacement: null, cylinders: null, key: 'electric', label: 'Electric' };
  const shape = layout ? `${layout[1] === 'I' ? 'L' : layout[1]}${layout[2]}` : cylinders ? `${cylinders}-Cyl` : '';
  const label = [displacement, shape].filter(Boolean).join(' ') || text;
  return { fuel, displacement, cylinders, key: `${displacement ?? '?'}|${cylinders ?? '?'}`, label };
}

/** Whether the engine fires its fuel with spark plugs (everything but diesel and electric). */
export const hasSparkPlugs = (engine: Engine) => engine.fuel !== 'diesel' && engine.fuel !== 'electric';
/** Whether the engine burns fuel: it has oil, an air filter, an alternator and a starter. */
export const burnsFuel = (engine: Engine) => engine.fuel !== 'electric';

/** The engine nodes of a model year, at whatever depth the data put them, with what they say. */
export function enginesOf(tree: VehicleTree, modelYear: VehicleNode): { node: VehicleNode; engine: Engine }[] {
  const kids = tree.children.get(modelYear.id) ?? [];
  const below = [...kids, ...kids.flatMap((kid) => tree.children.get(kid.id) ?? [])];
  return below.filter((node) => node.level === 5).map((node) => ({ node, engine: parseEngine(node.text) }));
}

/**
 * Model ids that are electric: every engine the model lists, in any year, is electric. A model
 * year without engine data counts as electric when its model is.
 */
export function electricModels(tree: VehicleTree): Set<number> {
  const electric = new Set<number>();
  for (const [modelId, years] of tree.modelYears) {
    const engines = years.flatMap((year) => enginesOf(tree, year));
    if (engines.length > 0 && engines.every(({ engine }) => engine.fuel === 'electric')) electric.add(modelId);
  }
  return electric;
}
