import { describe, expect, it } from 'vitest';
import { US_HOST, shop } from './helpers.ts';
import { freshIp, member } from './account-helpers.ts';

interface Operation {
  requestBody?: unknown;
  parameters?: { name: string; in: string }[];
}

const NASTY: unknown[] = [
  null,
  42,
  'text',
  [],
  {},
  {
    email: '<script>alert(1)</script>',
    password: "' OR 1=1 --",
    token: 'x'.repeat(10_000),
    idToken: '\u0000\u202e',
    newEmail: 'а@пример.рф',
  },
  {
    email: 'a@b.co',
    password: { nested: true },
    token: ['array'],
    id: 'DROP TABLE account',
    market: 'mars',
    firstName: '\u200b',
    isDefault: 'yes',
  },
  Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, 'v'.repeat(1000)])),
];

describe('bad input to every account and newsletter call', () => {
  it('answers a clear 4xx envelope and never a 500', async () => {
    const doc = (await (await shop(`${US_HOST}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const token = await member('fuzz@example.com');
    const targets = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/account/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(targets.length).toBeGreaterThan(20);
    for (const { path, method, operation } of targets) {
      for (const body of operation.requestBody ? NASTY : [undefined]) {
        for (const auth of [{}, { cookie: `token=${token}` }] as Record<string, string>[]) {
          const query = method === 'delete' ? '?id=abc' : '';
          const response = await shop(`${US_HOST}${path.replace(/\{\w+\}/g, 'x')}${query}`, {
            method: method.toUpperCase(),
            headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp(), ...auth },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const where = `${method.toUpperCase()} ${path} ${JSON.stringify(body)?.slice(0, 60)}`;
          expect(response.status, where).toBeLessThan(500);
          if (response.status >= 400) {
            const envelope = (await response.json()) as { success: boolean; msg: string };
            expect(envelope.success, where).toBe(false);
            expect(envelope.msg.length, where).toBeGreaterThan(0);
          } else {
            await response.arrayBuffer();
          }
        }
      }
    }
  });
});
