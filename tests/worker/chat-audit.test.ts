import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartChatAnswer, TicketAnswer } from '../../shared/api/chat.ts';
import { json } from './account-helpers.ts';
import { postForm, staffSession } from './admin-helpers.ts';
import { CHAT, PNG, socket } from './chat-helpers.ts';
import { api, shop, US_HOST } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;

interface AuditRow {
  staffId: number | null;
  staffEmail: string;
  action: string;
  recordType: string;
  recordId: string | null;
  before: unknown;
  after: unknown;
}

/** The audit log's entries of an action on a record, oldest first, as the owners' page reads them. */
async function audited(action: string, recordId: string | null = null): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT staff_id AS staffId, staff_email AS staffEmail, action, record_type AS recordType, record_id AS recordId,
       before_json AS beforeJson, after_json AS afterJson
     FROM audit_log WHERE action = ? AND (?2 IS NULL OR record_id = ?2) ORDER BY id`,
  )
    .bind(action, recordId)
    .all<Omit<AuditRow, 'before' | 'after'> & { beforeJson: string | null; afterJson: string | null }>();
  return results.map(({ beforeJson, afterJson, ...row }) => ({
    ...row,
    before: beforeJson === null ? null : JSON.parse(beforeJson),
    after: afterJson === null ? null : JSON.parse(afterJson),
  }));
}

const form = (who: Session, path: string, fields: Record<string, string> = {}) =>
  postForm(path, { _csrf: who.csrf, ...fields }, who.headers);

let agent: Session;
let other: Session;
let presence: Awaited<ReturnType<typeof socket>>;
let otherPresence: Awaited<ReturnType<typeof socket>>;
let chat: StartChatAnswer;

beforeAll(async () => {
  agent = await staffSession('support');
  other = await staffSession('owner');
  presence = await socket(`${US_HOST}/admin/chat/presence`, agent.headers);
  otherPresence = await socket(`${US_HOST}/admin/chat/presence`, other.headers);
  await presence.next((frame) => (frame as unknown as { agents?: unknown[] }).agents?.length === 2);
  chat = (await api<StartChatAnswer>(`${CHAT}/conversation`, json('POST', { name: 'Riley', page: '/' }))).body.data;
});
afterAll(() => {
  presence.ws.close(1000);
  otherPresence.ws.close(1000);
});

describe('live chat: every staff action is in the audit log', () => {
  it('taking a chat', async () => {
    expect((await form(agent, `/admin/chat/${chat.conversationId}/accept`)).status).toBe(303);
    const [entry] = await audited('chat.accept', chat.conversationId);
    expect(entry).toMatchObject({
      staffId: agent.staff.id,
      staffEmail: agent.staff.email,
      recordType: 'chat_conversation',
      after: { agentId: agent.staff.id },
    });
  });

  it('a reply from the form, a message on the socket and an image, each with what was sent', async () => {
    expect((await form(agent, `/admin/chat/${chat.conversationId}/reply`, { text: 'Front or rear?' })).status).toBe(
      303,
    );
    const desk = await socket(`${US_HOST}/admin/chat/${chat.conversationId}/socket`, agent.headers);
    await desk.next((frame) => frame.type === 'history');
    desk.ws.send(JSON.stringify({ type: 'message', text: 'Part 42-118 fits.', clientId: 'sock' }));
    await desk.next((frame) => frame.type === 'ack');
    desk.ws.close(1000);
    const image = new FormData();
    image.append('_csrf', agent.csrf);
    image.append('file', new File([PNG], 'diagram.png', { type: 'image/png' }));
    const posted = await shop(`${US_HOST}/admin/chat/${chat.conversationId}/images`, {
      method: 'POST',
      redirect: 'manual',
      headers: agent.headers,
      body: image,
    });
    expect(posted.status).toBe(303);
    const replies = await audited('chat.reply', chat.conversationId);
    expect(replies.map((entry) => entry.after)).toEqual([
      { seq: 2, text: 'Front or rear?' },
      { seq: 3, text: 'Part 42-118 fits.' },
      { seq: 4, image: 'diagram.png' },
    ]);
    expect(replies.every((entry) => entry.staffEmail === agent.staff.email)).toBe(true);
  });

  it('a shopper’s message is no staff action', async () => {
    const shopper = await socket(`${CHAT}/conversation/socket?token=${encodeURIComponent(chat.token)}`);
    await shopper.next((frame) => frame.type === 'history');
    shopper.ws.send(JSON.stringify({ type: 'message', text: 'Rear, thanks', clientId: 'shopper' }));
    await shopper.next((frame) => frame.type === 'ack');
    shopper.ws.close(1000);
    expect(await audited('chat.reply', chat.conversationId)).toHaveLength(3);
  });

  it('adding a canned reply, with the new reply’s id', async () => {
    expect((await form(agent, '/admin/chat/canned', { title: 'Thanks', text: 'Thanks for waiting!' })).status).toBe(
      303,
    );
    const row = await env.DB.prepare("SELECT id FROM chat_canned_reply WHERE title = 'Thanks'").first<{ id: number }>();
    const [entry] = await audited('chat.addCannedReply');
    expect(entry).toMatchObject({
      staffEmail: agent.staff.email,
      recordType: 'chat_canned_reply',
      recordId: String(row!.id),
      after: { title: 'Thanks', text: 'Thanks for waiting!' },
    });
  });

  it('a transfer, by the agent who handed the chat on', async () => {
    const moved = await form(agent, `/admin/chat/${chat.conversationId}/transfer`, { to: String(other.staff.id) });
    expect(moved.status).toBe(303);
    const [entry] = await audited('chat.transfer', chat.conversationId);
    expect(entry).toMatchObject({ staffEmail: agent.staff.email, after: { agentId: other.staff.id } });
  });

  it('closing a chat; a closed chat taken again writes nothing', async () => {
    expect((await form(other, `/admin/chat/${chat.conversationId}/close`)).status).toBe(303);
    const [entry] = await audited('chat.close', chat.conversationId);
    expect(entry).toMatchObject({
      staffEmail: other.staff.email,
      before: { status: 'ACTIVE' },
      after: { status: 'CLOSED' },
    });
    expect((await form(agent, `/admin/chat/${chat.conversationId}/accept`)).status).toBe(409);
    expect(await audited('chat.accept', chat.conversationId)).toHaveLength(1);
  });

  it('answering a ticket, with the answer', async () => {
    const created = await api<TicketAnswer>(
      `${CHAT}/ticket`,
      json('POST', { email: 'audit.ticket@example.com', message: 'Where is my order?' }),
    );
    const id = String(created.body.data.ticketId);
    expect((await form(agent, `/admin/chat/tickets/${id}/answer`, { text: 'It ships tomorrow.' })).status).toBe(303);
    const [entry] = await audited('chat.answerTicket', id);
    expect(entry).toMatchObject({
      staffEmail: agent.staff.email,
      recordType: 'support_ticket',
      before: { status: 'OPEN' },
      after: { status: 'ANSWERED', answer: 'It ships tomorrow.' },
    });
  });
});
