// Engines: what the patterns of a cell say about its engine, checked for vPIC slips, and the
// text a customer sees ("2.5L L4 Gas"); also how engine descriptions compare.
import type { Field, Lookups } from './read.ts';

/** An engine as vPIC describes it; null = unknown. */
export interface Engine {
  displacement: string | null;
  cylinders: number | null;
  config: string | null;
  fuel: string | null;
}
/** An engine vPIC says nothing about. */
export const NO_ENGINE: Engine = { displacement: null, cylinders: null, config: null, fuel: null };

/** The shop's fuel label from vPIC's primary and secondary fuel and electrification level. */
function fuelLabel(primary: string | null, secondary: string | null, level: string | null): string | null {
  const p = (primary ?? '').toLowerCase();
  const s = (secondary ?? '').toLowerCase();
  const l = (level ?? '').toLowerCase();
  const flex = (x: string): boolean => x.includes('flexible') || x.includes('e85') || x.includes('ethanol');
  if (l.startsWith('bev')) return 'Electric';
  if (l.startsWith('fcev') || p.includes('fuel cell') || p.includes('hydrogen')) return 'Fuel Cell';
  if (l.startsWith('phev') || (p === 'electric' && s !== '' && s !== 'electric')) return 'Plug-In Hybrid';
  if (l.includes('hev') || (s === 'electric' && p !== '' && p !== 'electric')) return 'Hybrid';
  if (p === 'electric') return 'Electric';
  if (flex(p) || ((p === 'gasoline' || p === '') && flex(s))) return 'Flex Fuel';
  if (p === 'gasoline')
    return s.includes('natural gas') || s.includes('cng') ? 'Gas/CNG' : s.includes('propane') ? 'Gas/Propane' : 'Gas';
  if (p === 'diesel') return 'Diesel';
  if (p.includes('compressed natural gas') || p === 'natural gas') return 'CNG';
  if (p.includes('liquefied natural gas')) return 'LNG';
  if (p.includes('propane')) return 'Propane';
  if (p.includes('methanol')) return 'Methanol';
  return null;
}

/** The engine of a cell, given the one value of each field there (null when unknown). */
export function engineOf(value: (field: Field) => string | null, lookups: Lookups): Engine {
  const id = (field: Field, map: Map<string, string>): string | null => {
    const v = value(field);
    return v === null ? null : (map.get(v) ?? null);
  };
  const fuel = fuelLabel(
    id('fuel', lookups.fuel),
    id('fuel2', lookups.fuel),
    id('electrification', lookups.electrification),
  );
  if (fuel === 'Electric' || fuel === 'Fuel Cell') return { displacement: null, cylinders: null, config: null, fuel };
  const disp = Number(value('displacement') ?? NaN);
  const cyl = Number(value('cylinders') ?? NaN);
  const e: Engine = {
    displacement: disp > 0 && disp < 8.5 ? disp.toFixed(1) : null, // none of these makes' engines is bigger than 8.4 L
    cylinders: Number.isInteger(cyl) && cyl > 0 && cyl <= 16 ? cyl : null,
    config: id('config', lookups.config),
    fuel,
  };
  // 0.2-1.25 L per cylinder covers every car and light-truck engine; outside it one of the two
  // numbers is a vPIC slip, and the cylinder count (with its layout) is the one dropped.
  const perCylinder = disp / (e.cylinders ?? NaN);
  if (perCylinder < 0.2 || perCylinder > 1.25) Object.assign(e, { cylinders: null, config: null });
  return e;
}

/**
 * "2.5L L4 Gas", "3.5L V6 Hybrid", "2.0L 4 Cyl Gas" (layout unknown), "Electric"; "" when vPIC
 * says too little. A layout that cannot go with the cylinder count (vPIC has "2.0L V4" Stingers)
 * is left out, and Subaru's 4s and 6s are boxers whatever vPIC says (it calls some in-line).
 */
export function engineText(e: Engine, make: string): string {
  if (e.fuel === 'Electric' || e.fuel === 'Fuel Cell') return e.fuel;
  const config = (e.config ?? '').toLowerCase();
  const n = e.cylinders;
  let cyl: string | null = null;
  if (config.startsWith('rotary')) cyl = 'Rotary';
  else if (n !== null) {
    let letter = config.startsWith('in-line')
      ? 'L'
      : config.startsWith('v')
        ? 'V'
        : config.startsWith('horizontally')
          ? 'H'
          : config.startsWith('w')
            ? 'W'
            : '';
    if (make === 'Subaru' && (n === 4 || n === 6)) letter = 'H';
    const fits = { L: n <= 6, V: n >= 6 && n % 2 === 0, H: n === 4 || n === 6, W: n >= 8 && n % 4 === 0, '': true }[
      letter
    ];
    cyl = letter && fits ? `${letter}${n}` : `${n} Cyl`;
  }
  if (e.displacement === null && cyl === null) return ''; // a bare "Gas" says nothing about the engine
  return [e.displacement === null ? null : `${e.displacement}L`, cyl, e.fuel].filter((x) => x !== null).join(' ');
}

const ENGINE_KEYS = ['displacement', 'cylinders', 'config', 'fuel'] as const;
/** Is engine `a` a less detailed description of engine `b` (each field of `a` empty or equal)? */
export function engineWeaker(a: Engine, b: Engine): boolean {
  return ENGINE_KEYS.every((k) => a[k] === null || a[k] === b[k]) && ENGINE_KEYS.some((k) => a[k] !== b[k]);
}
/** Are two engines described alike, field by field? */
export const sameEngine = (a: Engine, b: Engine): boolean => ENGINE_KEYS.every((k) => a[k] === b[k]);
