import { env } from 'cloudflare:test';
import { orderStatus, type OrderStatus } from '../../shared/order-status.ts';
import { statusPath } from '../lib/status-path.ts';

/**
 * Puts a test's order in `status` through moves the status table allows (an unpaid order is paid
 * first, as a real one is), without acting each step out; `paidAt` is set when the walk pays it.
 */
export async function moveOrderTo(orderId: string, status: OrderStatus, paidAt = Date.now()): Promise<void> {
  const row = await env.DB.prepare('SELECT status FROM orders WHERE id = ?')
    .bind(orderId)
    .first<{ status: OrderStatus }>();
  if (!row) throw new Error(`no order ${orderId}`);
  for (const next of statusPath(orderStatus, row.status, status)) {
    await env.DB.prepare(
      `UPDATE orders SET status = ?1, paid_at = CASE WHEN ?1 = 'PROCESSING' THEN coalesce(paid_at, ?2) ELSE paid_at END
       WHERE id = ?3`,
    )
      .bind(next, paidAt, orderId)
      .run();
  }
}
