import { env } from 'cloudflare:test';
import { auditOf } from '../../worker/admin/service.ts';
import type { ReturnActor } from '../../worker/returns/staff.ts';
import { staffMember } from './admin-helpers.ts';
import { US_HOST, api } from './helpers.ts';
import { askReturn, type Caller, fileOf, uploadIds } from './returns-helpers.ts';

/** Staff deciding on returns in the tests: who acts, with a real audit entry, and the shopper's side to check. */

export interface Staff {
  id: number;
  email: string;
}

/** A support staff member added through the admin service. */
export async function supportStaff(): Promise<Staff> {
  const added = await staffMember(`returns-${crypto.randomUUID().slice(0, 8)}@staff.test`, 'support');
  return { id: added.id, email: added.email };
}

/** The staff member acting on a return, with the audit entry of the action for the decision's batch. */
export function actorOf(staff: Staff, action: string, rma: string): ReturnActor {
  const member = { ...staff, name: 'Returns desk', role: 'support' as const, sessionVersion: 1 };
  const audit = auditOf(member, {
    action,
    recordType: 'return',
    recordId: rma,
    before: null,
    after: null,
  });
  return { staffId: staff.id, audit };
}

/** Audit entries written for a return. */
export async function auditsOf(rma: string) {
  const { results } = await env.DB.prepare(
    `SELECT action, staff_email AS staffEmail FROM audit_log WHERE record_id = ? ORDER BY id`,
  )
    .bind(rma)
    .all<{ action: string; staffEmail: string }>();
  return results;
}

/** A return of units of an order with one photo (reason "Other" unless told); its RMA. */
export async function returnOf(caller: Caller, lines: { lineNo: number; quantity: number }[], reason = 'Other') {
  const asked = await askReturn(caller, { lines, reason, uploadIds: await uploadIds(caller, [fileOf('jpeg')]) });
  if (asked.status !== 201) throw new Error(`return refused: ${asked.status} ${asked.body.msg}`);
  return asked.body.data.rma;
}

export interface ShopperReturn {
  status: string;
  statusLabel: string;
  instructions: string | null;
  labelNumber: string | null;
  refund: { amount: number; fee: number; currency: string } | null;
  history: { status: string; note: string | null }[];
  evidence: { uploadId: string }[];
}

/** The return as its shopper reads it: a guest with the order token, a member with their credentials. */
export async function shopperSees(caller: Caller, rma: string) {
  const query = caller.orderToken ? `?${new URLSearchParams({ orderToken: caller.orderToken })}` : '';
  const read = await api<ShopperReturn>(`${US_HOST}/order/public/returns/${rma}${query}`, { headers: caller.headers });
  if (read.status !== 200) throw new Error(`return not readable: ${read.status}`);
  return read.body.data;
}

/** The shopper sends more files for a return the shop asked more evidence for. */
export function sendEvidence(caller: Caller, rma: string, ids: string[]) {
  return api<ShopperReturn>(`${US_HOST}/order/public/returns/${rma}/evidence`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...caller.headers },
    body: JSON.stringify({ orderToken: caller.orderToken, uploadIds: ids }),
  });
}

/** The email kinds sent to an address, oldest first. */
export async function mailKinds(email: string) {
  const { results } = await env.DB.prepare('SELECT kind FROM email_outbox WHERE to_address = ? ORDER BY id')
    .bind(email)
    .all<{ kind: string }>();
  return results.map((row) => row.kind);
}
