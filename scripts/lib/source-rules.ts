/**
 * The rules that keep the Worker's shape: one folder per domain, one door to its data, the domains
 * in one order (a domain imports only those below it), the workflows that write across domains in
 * worker/flows/ above them. Pure: given the source files, it answers what breaks a rule, so the test
 * suite and `npm run lint` check the real tree and the tests prove each rule catches what it should.
 */
import { posix } from 'node:path';

export interface SourceFile {
  /** Path from the repository root, with forward slashes. */
  path: string;
  text: string;
}

export interface Violation {
  path: string;
  line: number;
  rule: string;
  detail: string;
}

/**
 * The layers of worker/ that are not domains, from the bottom: platform (what any domain may use),
 * then above every domain the flows (workflows that write across domains), the storefront (the page
 * shell and the pages that show several domains), the back office, the edge middleware and the route
 * table. db and generated hold no code of their own.
 */
const LAYERS = new Set(['platform', 'flows', 'storefront', 'admin', 'middleware', 'routes', 'db', 'generated']);
/** The layers a domain never imports: everything above the domains. */
const ABOVE_DOMAINS = new Set(['flows', 'storefront', 'admin', 'middleware', 'routes']);

/**
 * The domains, lowest first: a domain imports only domains before it in this list (it reads them; it
 * never writes into them, the flows do). The order is the folder graph's, so no two domains loop.
 */
export const DOMAIN_ORDER = [
  'dev',
  'content',
  'tracking',
  'vehicles',
  'catalog',
  'search',
  'shipping',
  'tax',
  'reviews',
  'payments',
  'orders',
  'accounts',
  'members',
  'promotions',
  'cart',
  'checkout',
  'returns',
  'newsletter',
  'chat',
] as const;

/** The longest line a source file may have. */
export const MAX_LINE = 120;

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

export interface Import {
  target: string;
  line: number;
  /** The names it takes (`{ a, type B }`), empty for a namespace, side-effect or dynamic import. */
  names: string[];
  typeOnly: boolean;
}

/** The imports of a file with their lines: relative ones as paths from the repository root, packages by name. */
export function importsOf(file: SourceFile): Import[] {
  const found: Import[] = [];
  for (const match of file.text.matchAll(IMPORT)) {
    const specifier = (match[1] ?? match[2] ?? '').split('?')[0] ?? '';
    const target = specifier.startsWith('.')
      ? posix.normalize(posix.join(posix.dirname(file.path), specifier))
      : specifier.split('/')[0]!.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : (specifier.split('/')[0] ?? specifier);
    const start = match.index + match[0].length - match[0].trimStart().length;
    const line = file.text.slice(0, start).split('\n').length;
    const statement = match[0].trimStart();
    const braces = /\{([^}]*)\}/.exec(statement)?.[1] ?? '';
    const names = braces
      .split(',')
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean);
    found.push({ target, line, names, typeOnly: /^(?:import|export)\s+type\b/.test(statement) });
  }
  return found;
}

/** The top folder of worker/ a file is in, or null for worker/'s own files and anything outside worker/. */
export function folderOf(path: string): string | null {
  const parts = path.split('/');
  return parts[0] === 'worker' && parts.length >= 3 ? (parts[1] ?? null) : null;
}

/** The domain folder a worker file belongs to, or null for the root and the layers. */
export function domainOf(path: string): string | null {
  const folder = folderOf(path);
  return folder === null || LAYERS.has(folder) ? null : folder;
}

const baseName = (path: string) => posix.basename(path).replace(/\.(ts|tsx)$/, '');
export const isRepository = (path: string) => /(^|-)repository$/.test(baseName(path)) && path.startsWith('worker/');
export const isRoute = (path: string) => /(^|\.)routes$/.test(baseName(path));
export const isPage = (path: string) => /(^|\.)pages$/.test(baseName(path));

/** A domain's doors: its service, schemas, views, the HTTP side its routes share, its staff and writers doors. */
function isDomainDoor(target: string): boolean {
  const rest = target.split('/').slice(2).join('/');
  return /^(service|schemas|http|staff|writers)\.tsx?$/.test(rest) || rest.startsWith('views/');
}
const isWritersDoor = (target: string) => /^worker\/[a-z-]+\/writers\.ts$/.test(target);

/** Services and repositories decide and store; the HTTP side (Hono, a domain's http.ts) stays in routes. */
const isServiceOrRepository = (path: string) =>
  domainOf(path) !== null && (/\/service\.ts$/.test(path) || isRepository(path));

/** Every import that breaks the layering rules. Tests and scripts may reach anything. */
export function layeringViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    for (const found of importsOf(file)) {
      const broken = ruleBroken(file.path, found);
      if (broken)
        violations.push({ path: file.path, line: found.line, rule: broken, detail: `imports ${found.target}` });
    }
  }
  return violations;
}

function ruleBroken(from: string, { target, names }: Import): string | null {
  if (isServiceOrRepository(from) && (target === 'hono' || /\/http\.ts$/.test(target))) {
    return 'services and repositories know nothing of HTTP';
  }
  if (from.startsWith('client/') && target.startsWith('worker/')) return 'client never imports worker';
  if (from.startsWith('shared/') && /^(worker|client)\//.test(target))
    return 'shared imports neither worker nor client';
  if (!from.startsWith('worker/')) return null;
  if (isRepository(target) && (isRoute(from) || isPage(from)))
    return 'routes and pages call services, not repositories';
  const fromDomain = domainOf(from);
  const targetDomain = domainOf(target);
  const platformRepository = folderOf(target) === 'platform' && isRepository(from);
  if (isRepository(target) && fromDomain !== targetDomain && !platformRepository)
    return 'a repository is imported only inside its domain';
  const mounts = from === 'worker/app.ts' || folderOf(from) === 'routes';
  if (mounts && (isRoute(target) || isPage(target))) return null; // the route table mounts them all
  if (targetDomain && fromDomain !== targetDomain && !isDomainDoor(target)) {
    return 'another domain is reached through its service, schemas or views';
  }
  return domainShapeBroken(from, target, names);
}

/**
 * The money core's shape: domains below the flows, in one order, writing only into their own tables.
 * Type-only imports keep the order too, so no two domains' files loop even through their types.
 */
function domainShapeBroken(from: string, target: string, names: string[]): string | null {
  const fromDomain = domainOf(from);
  const targetDomain = domainOf(target);
  const targetFolder = folderOf(target);
  if (fromDomain === null) return null;
  if (targetFolder && ABOVE_DOMAINS.has(targetFolder))
    return 'a domain never imports the flows, the storefront, the back office or the route table';
  if (!targetDomain || targetDomain === fromDomain) return null;
  if (isWritersDoor(target) || names.some((name) => /Into$/.test(name)))
    return "a domain never imports another domain's writers (the flows write across domains)";
  const rank = (domain: string) => (DOMAIN_ORDER as readonly string[]).indexOf(domain);
  if (rank(fromDomain) < 0 || rank(targetDomain) < 0) return 'every domain has its place in DOMAIN_ORDER';
  if (rank(targetDomain) > rank(fromDomain)) return `a domain imports only domains below it (${targetDomain})`;
  return null;
}

/** Lines longer than MAX_LINE characters. */
export function longLines(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    file.text.split('\n').forEach((text, index) => {
      if (text.length > MAX_LINE) {
        violations.push({
          path: file.path,
          line: index + 1,
          rule: `lines are at most ${MAX_LINE}`,
          detail: `${text.length}`,
        });
      }
    });
  }
  return violations;
}

const SQL_START = /['"`]\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS)\b/;

/** SQL statements written outside a repository (and the migrations, which are .sql files). */
export function sqlOutsideRepositories(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    if (!file.path.startsWith('worker/') || isRepository(file.path)) continue;
    file.text.split('\n').forEach((text, index) => {
      if (SQL_START.test(text))
        violations.push({ path: file.path, line: index + 1, rule: 'SQL lives in repositories', detail: text.trim() });
    });
  }
  return violations;
}
