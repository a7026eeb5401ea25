import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartChatAnswer, TicketAnswer } from '../../shared/api/chat.ts';
import { outboxMessages } from '../../worker/platform/email.ts';
import { bearer, json, member } from './account-helpers.ts';
import { staffSession } from './admin-helpers.ts';
import { CHAT, socket } from './chat-helpers.ts';
import { api, page, US_HOST } from './helpers.ts';

/** What an attacker wants the shop to carry to someone else's inbox. */
const BAIT = 'URGENT: your card was charged $899. Call 1-800-555-0199 or visit evil.example to cancel.';
const BAIT_ORDER = 'CALL-1-800-555-0199-NOW';

type Mail = Awaited<ReturnType<typeof outboxMessages>>[number];
const carries = (mail: Mail | undefined, text: string) =>
  (mail?.text_body ?? '').includes(text) || (mail?.html_body ?? '').includes(text);

const ticket = (body: object, headers: Record<string, string> = {}) =>
  api<TicketAnswer>(`${CHAT}/ticket`, json('POST', body, headers));

describe('a ticket confirmation carries the shopper’s words only to their own address', () => {
  it('a guest naming any address gets a confirmation without the message or the order number', async () => {
    const victim = 'ticket.victim@example.com';
    const answer = await ticket({ email: victim, message: BAIT, orderNumber: BAIT_ORDER, topic: 'Payment' });
    expect(answer.status).toBe(200);
    const [mail] = await outboxMessages(env.DB, victim);
    expect(mail?.subject).toBe(`We have your message (#${answer.body.data.ticketId})`);
    expect(carries(mail, 'Topic: Payment')).toBe(true);
    expect(carries(mail, 'Your message is not repeated in this email')).toBe(true);
    expect(carries(mail, 'evil.example')).toBe(false);
    expect(carries(mail, '555-0199')).toBe(false);
    // The ticket itself keeps everything for the agents.
    const stored = await env.DB.prepare('SELECT message, order_number AS orderNumber FROM support_ticket WHERE id = ?')
      .bind(answer.body.data.ticketId)
      .first();
    expect(stored).toEqual({ message: BAIT, orderNumber: BAIT_ORDER });
  });

  it('a signed-in member writing from their own address gets their message and order number back', async () => {
    const email = 'ticket.member@example.com';
    const token = await member(email);
    const message = 'Do the rotors of order AH-77 fit a 2016 F-150?';
    const answer = await ticket({ email, message, orderNumber: 'AH-77' }, bearer(token));
    expect(answer.status).toBe(200);
    const [mail] = await outboxMessages(env.DB, email);
    expect(carries(mail, `Your message: ${message}`)).toBe(true);
    expect(carries(mail, 'Order number: AH-77')).toBe(true);
  });

  it('a signed-in member naming someone else’s address is treated as a stranger', async () => {
    const token = await member('ticket.sender@example.com');
    const other = 'ticket.someone.else@example.com';
    expect((await ticket({ email: other, message: BAIT }, bearer(token))).status).toBe(200);
    const [mail] = await outboxMessages(env.DB, other);
    expect(mail).toBeDefined();
    expect(carries(mail, 'evil.example')).toBe(false);
  });

  it('the feedback form follows the same rule', async () => {
    const victim = 'feedback.victim@example.com';
    const form = new FormData();
    for (const [name, value] of Object.entries({ topic: 'Other', email: victim, message: BAIT }))
      form.append(name, value);
    const response = await page(`${US_HOST}/help/feedback`, {
      method: 'POST',
      body: form,
      headers: { 'cf-connecting-ip': '192.0.2.61' },
    });
    expect(response.status).toBe(200);
    const [mail] = await outboxMessages(env.DB, victim);
    expect(mail).toBeDefined();
    expect(carries(mail, 'evil.example')).toBe(false);
  });
});

describe('a chat transcript carries the shopper’s words only to their own address', () => {
  let agent: Awaited<ReturnType<typeof staffSession>>;
  let presence: Awaited<ReturnType<typeof socket>>;

  beforeAll(async () => {
    agent = await staffSession('support');
    presence = await socket(`${US_HOST}/admin/chat/presence`, agent.headers);
    await presence.next((frame) => (frame as { type: string }).type === 'roster');
  });
  afterAll(() => presence.ws.close(1000));

  /** A chat where the shopper (named by the attacker) writes the bait and an agent answers. */
  async function chatWithBait(headers: Record<string, string> = {}) {
    const started = await api<StartChatAnswer>(
      `${CHAT}/conversation`,
      json('POST', { name: 'Visit evil.example', page: '/' }, headers),
    );
    expect(started.status).toBe(200);
    const { token, conversationId } = started.body.data;
    const shopper = await socket(`${CHAT}/conversation/socket?token=${encodeURIComponent(token)}`);
    const desk = await socket(`${US_HOST}/admin/chat/${conversationId}/socket`, agent.headers);
    await desk.next((frame) => frame.type === 'history');
    shopper.ws.send(JSON.stringify({ type: 'message', text: BAIT, clientId: 'bait' }));
    await desk.next((frame) => frame.type === 'message' && frame.message.author === 'shopper');
    desk.ws.send(JSON.stringify({ type: 'message', text: 'Part 42-118 fits your Civic EX.', clientId: 'answer' }));
    await shopper.next((frame) => frame.type === 'message' && frame.message.author === 'agent');
    const ended = await api(`${CHAT}/conversation/end`, json('POST', { token, rating: 5 }));
    expect(ended.status).toBe(200);
    shopper.ws.close(1000);
    desk.ws.close(1000);
    return token;
  }

  it('to an address a guest typed: only what the agents wrote, the shopper’s lines and name left out', async () => {
    const token = await chatWithBait();
    const victim = 'transcript.victim@example.com';
    const sent = await api(`${CHAT}/conversation/transcript`, json('POST', { token, email: victim }));
    expect(sent.status).toBe(200);
    const [mail] = await outboxMessages(env.DB, victim);
    expect(carries(mail, 'Part 42-118 fits your Civic EX.')).toBe(true);
    expect(carries(mail, 'Your own messages are not repeated in this email')).toBe(true);
    expect(carries(mail, 'evil.example')).toBe(false);
    expect(carries(mail, '555-0199')).toBe(false);
  });

  it('to the signed-in member’s own address: the whole conversation', async () => {
    const email = 'transcript.member@example.com';
    const headers = bearer(await member(email));
    const token = await chatWithBait(headers);
    const sent = await api(`${CHAT}/conversation/transcript`, json('POST', { token }, headers));
    expect(sent.status).toBe(200);
    const [mail] = await outboxMessages(env.DB, email);
    expect(carries(mail, `You: ${BAIT}`)).toBe(true);
    expect(carries(mail, 'Part 42-118 fits your Civic EX.')).toBe(true);
    const elsewhere = 'transcript.elsewhere@example.com';
    await api(`${CHAT}/conversation/transcript`, json('POST', { token, email: elsewhere }, headers));
    const [other] = await outboxMessages(env.DB, elsewhere);
    expect(carries(other, 'Part 42-118 fits your Civic EX.')).toBe(true);
    expect(carries(other, 'evil.example')).toBe(false);
  });
});
