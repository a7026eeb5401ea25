import { inject } from 'vitest';
import { wranglerJson } from '../../scripts/lib/wrangler.ts';

/** Runs SQL on the shop's local D1 (the e2e run's own state directory) and answers its rows. */
export async function shopQuery<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  const [result] = await wranglerJson<{ results: T[] }[]>([
    'd1',
    'execute',
    'DB',
    '--local',
    '--persist-to',
    inject('shopStateDir'),
    '--json',
    '--command',
    sql,
  ]);
  return result!.results;
}
