/**
 * The rules that keep the Worker's shape: one folder per domain, one door to its data. Pure:
 * given the source files, it answers what breaks a rule, so the test suite and `npm run lint`
 * check the real tree and the tests prove each rule catches what it should.
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

/** Folders of worker/ that are not domains: the shell, infrastructure and the migrations. */
const NOT_DOMAINS = new Set(['platform', 'storefront', 'middleware', 'db', 'generated']);

/** The longest line a source file may have. */
export const MAX_LINE = 120;

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The imports of a file with their lines: relative ones as paths from the repository root, packages by name. */
export function importsOf(file: SourceFile): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  for (const match of file.text.matchAll(IMPORT)) {
    const specifier = (match[1] ?? match[2] ?? '').split('?')[0] ?? '';
    const target = specifier.startsWith('.')
      ? posix.normalize(posix.join(posix.dirname(file.path), specifier))
      : specifier.split('/')[0]!.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : (specifier.split('/')[0] ?? specifier);
    const start = match.index + match[0].length - match[0].trimStart().length;
    const line = file.text.slice(0, start).split('\n').length;
    found.push({ target, line });
  }
  return found;
}

/** The domain folder a worker file belongs to, or null for the root and the non-domain folders. */
export function domainOf(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] !== 'worker' || parts.length < 3) return null;
  const folder = parts[1] ?? '';
  return NOT_DOMAINS.has(folder) ? null : folder;
}

const baseName = (path: string) => posix.basename(path).replace(/\.(ts|tsx)$/, '');
export const isRepository = (path: string) => /(^|-)repository$/.test(baseName(path)) && path.startsWith('worker/');
export const isRoute = (path: string) => /(^|\.)routes$/.test(baseName(path));
export const isPage = (path: string) => /(^|\.)pages$/.test(baseName(path));

/**
 * What a file outside a domain may import from it: its service, its schemas, its views, and the
 * HTTP side of a request that other domains' routes share (`http.ts`, e.g. the cart cookies).
 */
function isDomainDoor(target: string): boolean {
  const rest = target.split('/').slice(2).join('/');
  return /^(service|schemas|http)\.tsx?$/.test(rest) || rest.startsWith('views/');
}

/** Services and repositories decide and store; the HTTP side (Hono, a domain's http.ts) stays in routes. */
const isServiceOrRepository = (path: string) =>
  domainOf(path) !== null && (/\/service\.ts$/.test(path) || isRepository(path));

/** Every import that breaks the layering rules. Tests and scripts may reach anything. */
export function layeringViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    for (const { target, line } of importsOf(file)) {
      const broken = ruleBroken(file.path, target);
      if (broken) violations.push({ path: file.path, line, rule: broken, detail: `imports ${target}` });
    }
  }
  return violations;
}

function ruleBroken(from: string, target: string): string | null {
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
  if (isRepository(target) && fromDomain !== targetDomain) return 'a repository is imported only inside its domain';
  if (from === 'worker/app.ts' && (isRoute(target) || isPage(target))) return null; // it mounts them all
  if (targetDomain && fromDomain !== targetDomain && !isDomainDoor(target)) {
    return 'another domain is reached through its service, schemas or views';
  }
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
