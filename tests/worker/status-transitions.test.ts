import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { orderStatus } from '../../shared/order-status.ts';
import { paymentStatus } from '../../shared/payment-status.ts';
import { returnStatus } from '../../shared/return-status.ts';
import type { StatusMachine } from '../../shared/status-machine.ts';

/**
 * The status tables in shared/ are the only place a move of status is allowed: the database holds
 * the same moves (status_transition) and its triggers refuse every other one, whatever statement
 * tries it. These tests walk every pair of statuses of orders, payments and returns.
 */

type Machine = StatusMachine<string, string>;

const ORDER = 'ST-ORDER';

async function seedOrder(status: string) {
  await env.DB.prepare(
    `INSERT INTO orders (id, idempotency_key, account_id, email, market, currency, status, subtotal_cent,
       discount_cent, shipping_cent, shipping_discount_cent, tax_cent, total_cent, shipping_name, address,
       created_at, updated_at)
     VALUES (?1, ?1, NULL, 'moves@example.com', 'us', 'USD', ?2, 1000, 0, 0, 0, 0, 1000, 'Standard Shipping', '{}',
       1, 1)
     ON CONFLICT (id) DO NOTHING`,
  )
    .bind(ORDER, status)
    .run();
}

/** One record of each kind, put in `from` without a move (an insert is no move), to try moving it. */
const RECORDS: Record<string, { table: string; key: string; put: (from: string) => Promise<void> }> = {
  order: {
    table: 'orders',
    key: `id = '${ORDER}'`,
    put: async (from) => {
      await env.DB.prepare('DELETE FROM orders WHERE id = ?').bind(ORDER).run();
      await seedOrder(from);
    },
  },
  payment: {
    table: 'payment',
    key: `id = 'pay_moves'`,
    put: async (from) => {
      await seedOrder('PAYMENT_PENDING');
      await env.DB.prepare('DELETE FROM payment WHERE id = ?').bind('pay_moves').run();
      await env.DB.prepare(
        `INSERT INTO payment (id, order_id, method, provider, provider_ref, amount_cent, currency, status,
           captured_cent, created_at, updated_at, expires_at)
         VALUES ('pay_moves', ?1, 'CARD', 'sandbox', NULL, 1000, 'USD', ?2, 0, 1, 1, 2)`,
      )
        .bind(ORDER, from)
        .run();
    },
  },
  return: {
    table: 'order_return',
    key: `rma = 'RMA-MOVES'`,
    put: async (from) => {
      await seedOrder('SHIPPED');
      await env.DB.prepare(`DELETE FROM order_return WHERE rma = 'RMA-MOVES'`).run();
      await env.DB.prepare(
        `INSERT INTO order_return (rma, order_id, idempotency_key, reason, status, created_at, updated_at)
         VALUES ('RMA-MOVES', ?1, 'moves-key', 'DAMAGED', ?2, 1, 1)`,
      )
        .bind(ORDER, from)
        .run();
    },
  },
};

async function tryMove(machine: Machine, from: string, to: string): Promise<boolean> {
  const record = RECORDS[machine.entity]!;
  await record.put(from);
  try {
    await env.DB.prepare(`UPDATE ${record.table} SET status = ? WHERE ${record.key}`).bind(to).run();
    return true;
  } catch (error) {
    expect(String(error)).toMatch(/status move not allowed/);
    return false;
  }
}

const MACHINES: Machine[] = [orderStatus, paymentStatus, returnStatus] as unknown as Machine[];

describe.each(MACHINES.map((machine) => [machine.entity, machine] as const))('%s statuses', (_entity, machine) => {
  it('are moved in the database exactly as the status table allows', async () => {
    const { results } = await env.DB.prepare(
      'SELECT from_status AS "from", to_status AS "to" FROM status_transition WHERE entity = ?',
    )
      .bind(machine.entity)
      .all<{ from: string; to: string }>();
    const key = ([from, to]: readonly [string, string]) => `${from}>${to}`;
    expect(results.map((row) => key([row.from, row.to])).sort()).toEqual(machine.moves().map(key).sort());
  });

  it('refuses every move the table forbids, and makes every move it allows', async () => {
    const refused: string[] = [];
    const made: string[] = [];
    for (const from of machine.statuses) {
      for (const to of machine.statuses) {
        if (from === to) continue;
        const moved = await tryMove(machine, from, to);
        (moved ? made : refused).push(`${from}>${to}`);
        expect(moved, `${machine.entity} ${from} -> ${to}`).toBe(machine.canMove(from, to));
      }
    }
    expect(made.length).toBe(machine.moves().length);
    expect(refused.length).toBeGreaterThan(0);
  });
});

describe('the order status table', () => {
  it('lets only the events that name an actor be made by them', () => {
    expect(orderStatus.may('cancel', 'shopper')).toBe(true);
    expect(orderStatus.may('cancel', { staff: 'orders.cancel' })).toBe(true);
    expect(orderStatus.may('cancel', { staff: 'orders.ship' })).toBe(false);
    expect(orderStatus.may('pay', 'shopper')).toBe(false);
    expect(orderStatus.may('pay', 'provider')).toBe(true);
    expect(orderStatus.may('expire', 'shopper')).toBe(false);
  });

  it('allows an event only from its statuses and to its statuses', () => {
    expect(orderStatus.allows('pay', 'PAYMENT_PENDING', 'PROCESSING')).toBe(true);
    expect(orderStatus.allows('pay', 'SHIPPED', 'PROCESSING')).toBe(false);
    expect(orderStatus.allows('cancel', 'SHIPPED', 'CANCELLED')).toBe(false);
    expect(orderStatus.allows('changeAddress', 'PROCESSING', 'PROCESSING')).toBe(true);
    expect(orderStatus.allows('changeAddress', 'PROCESSING', 'PAYMENT_PENDING')).toBe(false);
    expect(orderStatus.canMove('CANCELLED', 'PROCESSING')).toBe(false);
  });
});
