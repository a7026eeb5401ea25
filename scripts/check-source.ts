/**
 * The source checks `npm run lint` adds to Biome: the layering rules, SQL and D1 statements only in
 * repositories (and the unit of work), small doors, no import loop between worker/'s folders or files, and the
 * line limit, over every tracked source file (scripts/lib/source-rules.ts, scripts/lib/shape-rules.ts).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  layeringViolations,
  longLines,
  type SourceFile,
  sqlOutsideRepositories,
  type Violation,
} from './lib/source-rules.ts';
import {
  fileCycles,
  folderCycles,
  largeDoors,
  repositoryTypesInDoors,
  statementsOutsideRepositories,
} from './lib/shape-rules.ts';

/** The tracked (and new, not ignored) TypeScript, JavaScript and CSS files of the repository. */
export function sourceFiles(): SourceFile[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((path) => /\.(ts|tsx|js|mjs|css)$/.test(path))
    .flatMap((path) => {
      try {
        return [{ path, text: readFileSync(path, 'utf8') }];
      } catch {
        return []; // deleted in the working tree
      }
    });
}

/** Every broken rule of the tree. */
export function sourceViolations(files: SourceFile[] = sourceFiles()): Violation[] {
  return [
    ...layeringViolations(files),
    ...sqlOutsideRepositories(files),
    ...statementsOutsideRepositories(files),
    ...largeDoors(files),
    ...repositoryTypesInDoors(files),
    ...folderCycles(files),
    ...fileCycles(files),
    ...longLines(files),
  ];
}

if (import.meta.main) {
  const violations = sourceViolations();
  for (const v of violations) console.log(`${v.path}:${v.line}  ${v.rule}: ${v.detail}`);
  console.log(violations.length ? `${violations.length} source rule violations` : 'source rules: ok');
  process.exit(violations.length ? 1 : 0);
}
