import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { namedBatch } from '../../worker/platform/named-batch.ts';

describe('a batch of named statement groups', () => {
  it('answers each group its own results, in order, with empty groups shifting nothing', async () => {
    const select = (value: number) => env.DB.prepare('SELECT ? AS value').bind(value);
    const read = await namedBatch(env.DB, { none: [], first: [select(1), select(2)], alsoNone: [], last: [select(3)] });
    const values = (results: D1Result[]) => results.map((result) => (result.results[0] as { value: number }).value);
    expect(values(read.none)).toEqual([]);
    expect(values(read.first)).toEqual([1, 2]);
    expect(values(read.alsoNone)).toEqual([]);
    expect(values(read.last)).toEqual([3]);
  });

  it('runs as one transaction: a failing statement writes nothing of the others', async () => {
    await env.DB.prepare('CREATE TABLE IF NOT EXISTS batch_probe (id INTEGER PRIMARY KEY)').run();
    const insert = env.DB.prepare('INSERT INTO batch_probe (id) VALUES (?)');
    await expect(namedBatch(env.DB, { good: [insert.bind(1)], bad: [insert.bind(1)] })).rejects.toThrow();
    expect((await env.DB.prepare('SELECT count(*) AS n FROM batch_probe').first<{ n: number }>())?.n).toBe(0);
  });
});
