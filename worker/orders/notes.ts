import type { AuditEntry } from '../platform/audit.ts';
import { ORDER_NOTE_MAX, type OrderNote, orderNotesRepository } from './notes-repository.ts';

/** Staff notes on an order: what one staff member tells the next, never shown to the shopper. */

export type { OrderNote };
export const NOTE_MSG = {
  body: `Please write the note (up to ${ORDER_NOTE_MAX} characters).`,
  noOrder: 'There is no order with this number.',
} as const;

export function orderNotes(db: D1Database, orderId: string): Promise<OrderNote[]> {
  return orderNotesRepository(db).list(orderId);
}

/** Adds a staff member's note (audited in the same batch); the refusal's status and message, or null. */
export async function addOrderNote(
  db: D1Database,
  orderId: string,
  author: { staffId: number; staffEmail: string },
  text: string,
  audit: AuditEntry,
): Promise<{ status: 400 | 404; message: string } | null> {
  const body = text.trim();
  if (!body || body.length > ORDER_NOTE_MAX) return { status: 400, message: NOTE_MSG.body };
  const added = await orderNotesRepository(db).add(orderId, author, body, Date.now(), audit);
  return added ? null : { status: 404, message: NOTE_MSG.noOrder };
}
