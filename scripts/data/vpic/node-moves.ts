// Where the ids of removed vehicle nodes go. A saved garage holds node ids (the deepest chosen
// level), so an id that a re-derivation removes moves to the closest vehicle that exists now:
//   - a model split by series ("Silverado" → "Silverado 1500" / "Silverado 2500 HD") goes to the
//     same path under the main series (the shortest new name: "Silverado 1500", "Ram 1500",
//     "F-250 Super Duty"), keeping the trim and engine where they still exist;
//   - a pseudo-trim split into single trims ("L/LE/SE/XLE") goes to its model year (the shopper
//     picks the trim again), its engines to the model year's engine of that name when it has one;
//   - anything else goes to its nearest surviving ancestor.
// Moves of earlier runs are kept, and one whose successor is removed now follows it, so an id
// moved twice resolves to the last successor in one step.
import { normalizeTrim } from './trims.ts';
import { compareText } from './util.ts';

/** How a removed id found its successor. */
export type MoveKind = 'series' | 'pseudoTrim' | 'ancestor';

/** The moves to write ([old id, successor id], by old id) and how this run's removed ids moved. */
export interface NodeMoves {
  moves: [number, number][];
  counts: Record<MoveKind, number>;
  /** This run's moves by the level (1-5) of the successor. */
  landing: Record<number, number>;
  /** Removed ids whose year is gone too: they cannot move. */
  lost: number;
}

/** One path segment, "3:Silverado" → level 3, value "Silverado". */
const segment = (text: string): [number, string] => {
  const colon = text.indexOf(':');
  return [Number(text.slice(0, colon)), text.slice(colon + 1)];
};

/** Whether the words of `old` appear in `name` in order, the first first ("Silverado HD" ⊂ "Silverado 2500 HD"). */
function extendsName(name: string, old: string): boolean {
  const words = name.split(' ');
  const wanted = old.split(' ');
  if (words[0] !== wanted[0]) return false;
  let at = 0;
  for (const word of words) if (word === wanted[at]) at++;
  return at === wanted.length;
}

/** Model names by "1:year\t2:make" path, from path keys. */
function modelsByMake(keys: Iterable<string>): Map<string, Set<string>> {
  const models = new Map<string, Set<string>>();
  for (const key of keys) {
    const parts = key.split('\t');
    if (parts.length !== 3) continue;
    const parent = `${parts[0]}\t${parts[1]}`;
    const set = models.get(parent) ?? models.set(parent, new Set()).get(parent)!;
    set.add(segment(parts[2]!)[1]);
  }
  return models;
}

/**
 * The main series that replaces a model gone from a make's year: among the year's new model
 * names that extend the old one (not models that year before), the shortest, then by name.
 */
function mainSeries(old: string, before: Set<string> | undefined, now: Set<string> | undefined): string | null {
  const candidates = [...(now ?? [])].filter((name) => !before?.has(name) && extendsName(name, old));
  candidates.sort((a, b) => a.length - b.length || compareText(a, b));
  return candidates[0] ?? null;
}

/** The successor of one removed path: the deepest node that exists along its mapped path, and its level. */
function successorOf(
  key: string,
  idOf: ReadonlyMap<string, number>,
  series: (parent: string, model: string) => string | null,
): { id: number; level: number; kind: MoveKind } | null {
  let path = '';
  let found: { id: number; level: number } | undefined;
  let kind: MoveKind = 'ancestor';
  for (const [level, value] of key.split('\t').map(segment)) {
    const here = (name: string) => `${path ? `${path}\t` : ''}${level}:${name}`;
    let name = value;
    if (level === 3 && !idOf.has(here(name))) {
      const main = series(path, name);
      if (main !== null) [name, kind] = [main, 'series'];
    } else if (level === 4 && !idOf.has(here(name))) {
      const single = normalizeTrim(value);
      if (single.length > 1) {
        // A pseudo-trim: the model year is the vehicle; its engine may hang there directly.
        if (kind === 'ancestor') kind = 'pseudoTrim';
        continue;
      }
      name = single[0] ?? value;
    }
    const id = idOf.get(here(name));
    if (id === undefined) break;
    path = here(name);
    found = { id, level };
  }
  return found === undefined ? null : { ...found, kind };
}

/**
 * The moves after a re-derivation: each removed node of the previous extract (old path key by id)
 * to its successor in the next one (id by path key), joined with the moves of earlier runs.
 */
export function moveRemoved(
  oldKeys: ReadonlyMap<number, string>,
  idOf: ReadonlyMap<string, number>,
  earlier: readonly [number, number][],
): NodeMoves {
  const kept = new Set(idOf.values());
  const before = modelsByMake(oldKeys.values());
  const now = modelsByMake(idOf.keys());
  const series = (parent: string, model: string) => mainSeries(model, before.get(parent), now.get(parent));
  const counts: Record<MoveKind, number> = { series: 0, pseudoTrim: 0, ancestor: 0 };
  const landing: Record<number, number> = {};
  const fresh = new Map<number, number>();
  let lost = 0;
  for (const [id, key] of oldKeys) {
    if (kept.has(id)) continue;
    const successor = successorOf(key, idOf, series);
    if (!successor) {
      lost++;
      continue;
    }
    fresh.set(id, successor.id);
    counts[successor.kind]++;
    landing[successor.level] = (landing[successor.level] ?? 0) + 1;
  }
  const all = new Map<number, number>();
  for (const [from, to] of earlier) {
    const last = kept.has(to) ? to : fresh.get(to);
    if (last !== undefined) all.set(from, last);
  }
  for (const [from, to] of fresh) all.set(from, to);
  const moves = [...all].sort((a, b) => a[0] - b[0]);
  return { moves, counts, landing, lost };
}

/** One line for the data:vehicles summary: how this run's removed ids moved, and the moves in all. */
export function movesSummary(moved: NodeMoves): string {
  const { series, pseudoTrim, ancestor } = moved.counts;
  const names = ['', 'a year', 'a make', 'a model year', 'a trim', 'an engine'];
  const landing = Object.entries(moved.landing)
    .map(([level, n]) => `${n} on ${names[Number(level)]}`)
    .join(', ');
  const lost = moved.lost ? `, ${moved.lost} without a year to go to` : '';
  return (
    `node moves: ${series} to the main series, ${pseudoTrim} from a pseudo-trim, ${ancestor} to an ancestor` +
    `${landing ? ` (${landing})` : ''}${lost}; ${moved.moves.length} moves in all`
  );
}
