import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeAll } from '../../scripts/data/catalog.ts';
import { seed } from '../../scripts/seed.ts';
import { localQuery } from './local-d1.ts';

let stateDir: string;
const query = (sql: string) => localQuery(stateDir, sql);

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'autohaven-load-'));
  await seed(stateDir);
});
afterAll(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

describe('catalog load in parts', () => {
  it('empties the catalog again when a later part fails, so nothing half-written stays', async () => {
    const first = join(stateDir, 'part1.sql');
    const second = join(stateDir, 'part2.sql');
    await writeFile(
      first,
      'INSERT INTO shop_meta (key, value) ' +
        "VALUES ('catalog', 'loading');\nINSERT INTO brand (id, name) VALUES (1, 'DuraStop');\n",
    );
    await writeFile(
      second,
      "INSERT INTO brand (id, name) VALUES (2, 'IronClad Auto');\nINSERT INTO no_such_table VALUES (1);\n",
    );
    await expect(executeAll(stateDir, [first, second])).rejects.toThrow(/no_such_table/);
    expect(await query('SELECT count(*) AS n FROM brand')).toEqual([{ n: 0 }]);
    expect(await query("SELECT count(*) AS n FROM shop_meta WHERE key = 'catalog'")).toEqual([{ n: 0 }]);
  });
});
