import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { wranglerJson } from '../../scripts/lib/wrangler.ts';

/** How often a statement is tried while the running shop holds the database's write lock. */
const BUSY_ATTEMPTS = 8;

/**
 * Runs SQL on the shop's local D1 (the e2e run's own state directory) and answers its rows.
 * The shop under test writes to the same SQLite file (orders, the event sink's batches), so a
 * statement can meet its lock: it is tried again after a short pause, as SQLite's own busy
 * handler would. A batch runs in one transaction, so a refused batch changed nothing.
 */
export async function shopQuery<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  for (let attempt = 1; ; attempt++) {
    try {
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
    } catch (error) {
      if (attempt >= BUSY_ATTEMPTS || !String(error).includes('SQLITE_BUSY')) throw error;
      await sleep(250 * attempt);
    }
  }
}
