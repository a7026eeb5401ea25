/**
 * The rules that keep D1 statements where they belong and the Worker's folders free of loops: a
 * statement is built and run only in a repository or the platform's unit of work, a domain's door
 * stays small, no two folders of worker/ import each other in a loop (runtime imports) and no two
 * files either (type-only imports included).
 */
import { folderOf, importsOf, isRepository, type SourceFile, type Violation } from './source-rules.ts';

/** Where D1 statements may be named and batches run besides repositories: the unit of work. */
const BATCH_MACHINERY = new Set(['worker/platform/unit-of-work.ts']);

/** How many names a domain's service.ts door may export: verbs, not the domain's internals. */
export const MAX_DOOR_NAMES = 25;

const isWorkerCode = (path: string) => path.startsWith('worker/') && !/\.test\.tsx?$/.test(path);

/** D1 statements named, or batches run, outside repositories and the unit of work. */
export function statementsOutsideRepositories(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    if (!isWorkerCode(file.path) || isRepository(file.path) || BATCH_MACHINERY.has(file.path)) continue;
    file.text.split('\n').forEach((text, index) => {
      const rule = /\bD1PreparedStatement\b/.test(text)
        ? 'D1 statements are built in repositories and joined in a unit of work'
        : /\.batch\(/.test(text)
          ? 'batches run in repositories or a unit of work'
          : null;
      if (rule) violations.push({ path: file.path, line: index + 1, rule, detail: text.trim() });
    });
  }
  return violations;
}

/** The names a module exports (each name of `export { a, b }`, each declaration, `export *` counts as many). */
export function exportedNames(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(/^export\s+(?:async\s+)?(?:function|const|let|class|interface|type|enum)\s+\w+/gm))
    count++;
  for (const match of text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm))
    count += match[1]!.split(',').filter((name) => name.trim()).length;
  for (const _ of text.matchAll(/^export\s+\*/gm)) count += MAX_DOOR_NAMES + 1;
  return count;
}

/** Domain doors (service.ts) that export more than MAX_DOOR_NAMES names. */
export function largeDoors(files: SourceFile[]): Violation[] {
  return files
    .filter((file) => /^worker\/[a-z-]+\/service\.ts$/.test(file.path))
    .filter((file) => exportedNames(file.text) > MAX_DOOR_NAMES)
    .map((file) => ({
      path: file.path,
      line: 1,
      rule: `a domain's door exports at most ${MAX_DOOR_NAMES} names (back-office ones go in staff.ts)`,
      detail: `${exportedNames(file.text)} names`,
    }));
}

/** A domain's doors: what other domains, the flows and the back office may import from it. */
const DOOR = /^worker\/[a-z-]+\/(service|staff|writers|http|schemas)\.tsx?$/;
const REPOSITORY_SPECIFIER = /from\s*'(\.[^']*(?:^|[/-])repository\.ts)'/;

/**
 * Doors that take a type from a repository: what a door hands out is the domain's record (its
 * records.ts), never the storage's row, so a caller never learns a table's shape.
 */
export function repositoryTypesInDoors(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    if (!DOOR.test(file.path)) continue;
    for (const match of file.text.matchAll(/^(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*'[^']+';/gm)) {
      if (!REPOSITORY_SPECIFIER.test(match[0])) continue;
      const types = match[1] ? match[2]!.split(',') : match[2]!.split(',').filter((name) => /^\s*type\s/.test(name));
      const names = types.map((name) => name.replace(/^\s*type\s+/, '').trim()).filter(Boolean);
      if (!names.length) continue;
      violations.push({
        path: file.path,
        line: file.text.slice(0, match.index).split('\n').length,
        rule: "a door hands out the domain's records, never a repository's type",
        detail: names.join(', '),
      });
    }
  }
  return violations;
}

/** The loops in the graph of worker/'s folders (runtime imports only: a type-only import does not run). */
export function folderCycles(files: SourceFile[]): Violation[] {
  const edges = new Map<string, Map<string, { path: string; line: number }>>();
  for (const file of files) {
    const from = folderOf(file.path);
    if (!from || !isWorkerCode(file.path)) continue;
    for (const found of importsOf(file)) {
      const to = folderOf(found.target);
      if (found.typeOnly || !to || to === from || ['generated', 'db'].includes(to)) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, { path: file.path, line: found.line });
    }
  }
  return stronglyConnected(edges).map((loop) => {
    const [first, second] = loop;
    const where = edges.get(first!)!.get(loop.find((folder) => edges.get(first!)?.has(folder)) ?? second!)!;
    return { ...where, rule: 'no import loop between the folders of worker/', detail: loop.join(' -> ') };
  });
}

/** The loops between files of worker/, type-only imports included: a module never imports itself back. */
export function fileCycles(files: SourceFile[]): Violation[] {
  const edges = new Map<string, Map<string, { path: string; line: number }>>();
  for (const file of files) {
    if (!isWorkerCode(file.path)) continue;
    for (const found of importsOf(file)) {
      if (!found.target.startsWith('worker/') || found.target === file.path) continue;
      if (!edges.has(file.path)) edges.set(file.path, new Map());
      edges.get(file.path)!.set(found.target, { path: file.path, line: found.line });
    }
  }
  return stronglyConnected(edges).map((loop) => {
    const first = loop[0]!;
    const where = edges.get(first)!.get(loop.find((member) => edges.get(first)?.has(member))!)!;
    return { ...where, rule: 'no import loop between the files of worker/', detail: loop.join(' -> ') };
  });
}

/** Tarjan's strongly connected components of more than one node. */
function stronglyConnected(edges: Map<string, Map<string, unknown>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const loop: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      loop.push(member);
    } while (member !== node);
    if (loop.length > 1) loops.push(loop.sort());
  };
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to.keys()])]);
  for (const node of nodes) if (!index.has(node)) visit(node);
  return loops;
}
