// The Node version check every npm script that runs a .ts file starts with (scripts/require-node.mjs).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
/** Runs the check as if Node were `version` (no argument: the running Node). */
const check = (version?: string) =>
  run(process.execPath, ['scripts/require-node.mjs', ...(version ? [version] : [])]).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

describe('the Node version check', () => {
  it.each(['v14.21.3', 'v18.20.4', 'v20.19.5', 'v22.11.0', 'v21.99.0'])(
    'refuses %s with what to install',
    async (version) => {
      expect(await check(version)).toEqual({
        code: 1,
        output: `AutoHaven needs Node 22.12 or newer (this is ${version}); install Node 24: https://nodejs.org\n`,
      });
    },
  );

  it.each(['v22.12.0', 'v22.20.1', 'v23.0.0', 'v24.11.0', 'v30.1.2'])('lets %s through silently', async (version) => {
    expect(await check(version)).toEqual({ code: 0, output: '' });
  });

  it('passes the Node running the tests', async () => {
    expect(await check()).toEqual({ code: 0, output: '' });
  });

  it('stays syntax that old Node parses: no type syntax, no imports, no newer operators', () => {
    const source = readFileSync('scripts/require-node.mjs', 'utf8');
    expect(source).not.toMatch(/\?\?|\?\.|\|\|=|&&=|\?\?=|^\s*import\s|\bawait\b|#\w+/m);
  });

  it('runs first in every npm script that runs TypeScript under node', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const typescript = Object.entries(scripts).filter(([, command]) => /node [^&]*\.ts\b/.test(command));
    expect(typescript.length).toBeGreaterThan(10);
    for (const [name, command] of typescript)
      expect({ name, checked: /^node scripts\/require-node\.mjs && /.test(command) }).toEqual({ name, checked: true });
  });
});
