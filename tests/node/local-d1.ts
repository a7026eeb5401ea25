import { wranglerJson } from '../../scripts/lib/wrangler.ts';

/** Rows of one statement run through wrangler on the local D1 kept in `stateDir`. */
export async function localQuery(stateDir: string, sql: string): Promise<Record<string, unknown>[]> {
  const [result] = await wranglerJson<{ results: Record<string, unknown>[] }[]>([
    'd1',
    'execute',
    'DB',
    '--local',
    '--persist-to',
    stateDir,
    '--json',
    '--command',
    sql,
  ]);
  return result!.results;
}
