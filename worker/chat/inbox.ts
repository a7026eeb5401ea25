import { CHAT_LIMITS, CHAT_MSG, type AgentSeat } from '../../shared/chat.ts';
import { staffAccountOrders } from '../orders/staff.ts';
import { memberGarage } from '../vehicles/service.ts';
import type { Agent } from './agents.ts';
import { shopperCartOf } from './context.ts';
import { type ChatDeps, conversationObject, presenceOf } from './deps.ts';
import { ticketAnswerEmail } from './email.ts';
import { type InboxView, inboxRepository } from './inbox-repository.ts';
import { chatRepository } from './repository.ts';
import { ticketRepository } from './ticket-repository.ts';
import { newReplyToken, replyTokenHash } from './tickets.ts';

const CONVERSATION_ID = /^[0-9a-f]{32}$/;
const INBOX_SIZE = 100;

export type { InboxView };
export const INBOX_VIEWS: readonly InboxView[] = ['waiting', 'mine', 'all'];

/** The inbox: one view of the conversations (searched by email, name or message text), tickets, and who is online. */
export async function inbox(deps: ChatDeps, agent: Agent, view: InboxView, search: string) {
  const repository = inboxRepository(deps.db);
  const [conversations, tickets, roster] = await Promise.all([
    repository.conversations(view, agent.id, search.trim().slice(0, 100), INBOX_SIZE),
    repository.tickets(INBOX_SIZE),
    presenceOf(deps).roster(),
  ]);
  return { view, search, conversations, tickets, roster: roster as AgentSeat[] };
}

/**
 * One conversation beside the shopper's context: market, the page they were on, their vehicle, their
 * cart (as the server read it), and for members their garage and five newest orders (links to the order pages);
 * with the canned replies and the agents it can be transferred to.
 */
export async function conversationDetail(deps: ChatDeps, conversationId: string) {
  if (!CONVERSATION_ID.test(conversationId)) return null;
  const conversation = await chatRepository(deps.db).findConversation(conversationId);
  if (!conversation) return null;
  const [messages, orders, garage, canned, roster] = await Promise.all([
    chatRepository(deps.db).messagesOf(conversationId, CHAT_LIMITS.historyMessages),
    conversation.accountId ? staffAccountOrders(deps.db, conversation.accountId, 5) : null,
    conversation.accountId ? memberGarage(deps.db, conversation.accountId) : null,
    inboxRepository(deps.db).cannedReplies(),
    presenceOf(deps).roster(),
  ]);
  const cart = shopperCartOf(conversation.cartJson);
  return { conversation, cart, messages, orders, garage, canned, roster: roster as AgentSeat[] };
}

/** An agent's reply from the console's form: stored and broadcast by the conversation; false when it had closed. */
export async function agentReply(
  deps: ChatDeps,
  conversationId: string,
  agent: Agent,
  reply: { text: string; cannedId: number | null },
) {
  const canned = reply.cannedId
    ? (await inboxRepository(deps.db).cannedReplies()).find((row) => row.id === reply.cannedId)
    : null;
  const trimmed = (canned?.text ?? reply.text).trim();
  if (!trimmed) return { ok: false as const, message: CHAT_MSG.messageEmpty };
  if (trimmed.length > CHAT_LIMITS.messageChars) return { ok: false as const, message: CHAT_MSG.messageTooLong };
  if (!CONVERSATION_ID.test(conversationId)) return { ok: false as const, message: CHAT_MSG.closed };
  const participant = { role: 'agent' as const, conversationId, staffId: agent.id, name: agent.name, ip: '' };
  const seq = await conversationObject(deps, conversationId).post(participant, trimmed);
  return seq === null ? { ok: false as const, message: CHAT_MSG.closed } : { ok: true as const, seq };
}

/** Hands the conversation to another connected agent (a transfer); false when they are not connected or it closed. */
export async function transferConversation(deps: ChatDeps, conversationId: string, toStaffId: number) {
  const roster = await presenceOf(deps).roster();
  const target = roster.find((seat) => seat.staffId === toStaffId);
  if (!target || !CONVERSATION_ID.test(conversationId)) return false;
  return conversationObject(deps, conversationId).accept(conversationId, { id: target.staffId, name: target.name });
}

/** A ticket with its thread, for the console. */
export async function ticketDetail(deps: ChatDeps, ticketId: number) {
  const ticket = await ticketRepository(deps.db).findTicket(ticketId);
  if (!ticket) return null;
  return { ticket, thread: await inboxRepository(deps.db).ticketThread(ticketId) };
}

/**
 * Answers a ticket by email from the console: the answer joins the thread, and the email carries a
 * link (on the configured origin) by which the shopper's reply threads back into the ticket.
 */
export async function answerTicket(deps: ChatDeps, ticketId: number, agent: Agent, text: string) {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false as const, message: CHAT_MSG.messageEmpty };
  if (trimmed.length > CHAT_LIMITS.ticketChars) return { ok: false as const, message: CHAT_MSG.messageTooLong };
  const ticket = await ticketRepository(deps.db).findTicket(ticketId);
  if (!ticket || ticket.status === 'CLOSED') return { ok: false as const, message: CHAT_MSG.ticketNotFound };
  const token = newReplyToken();
  await inboxRepository(deps.db).answerTicket(
    ticketId,
    agent.id,
    trimmed,
    await replyTokenHash(token),
    deps.clock.now(),
  );
  const link = `${deps.origin}/help/ticket/${ticketId}?token=${token}`;
  await deps.mailer.send(ticketAnswerEmail(deps, { id: ticketId, email: ticket.email, answer: trimmed, link }));
  return { ok: true as const };
}

/** Closes a ticket; its links stop working. */
export async function closeTicket(deps: ChatDeps, ticketId: number): Promise<void> {
  await inboxRepository(deps.db).closeTicket(ticketId, deps.clock.now());
}

/** Adds a canned reply agents can pick from. */
export async function addCannedReply(deps: ChatDeps, title: string, text: string) {
  const cleanTitle = title.trim().slice(0, 60);
  const cleanText = text.trim();
  if (!cleanTitle || !cleanText || cleanText.length > CHAT_LIMITS.messageChars)
    return { ok: false as const, message: 'A canned reply needs a title and a text of up to 2000 characters.' };
  await inboxRepository(deps.db).addCannedReply(cleanTitle, cleanText, deps.clock.now());
  return { ok: true as const };
}

/** The shopper's reply by the emailed link: threaded back into the ticket, which opens again. */
export async function shopperTicketReply(deps: ChatDeps, ticketId: number, token: string, text: string) {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false as const, message: CHAT_MSG.messageEmpty };
  if (trimmed.length > CHAT_LIMITS.ticketChars) return { ok: false as const, message: CHAT_MSG.messageTooLong };
  const found = await inboxRepository(deps.db).ticketWithToken(ticketId, await replyTokenHash(token));
  if (!found) return { ok: false as const, message: CHAT_MSG.ticketNotFound };
  await inboxRepository(deps.db).shopperReply(ticketId, trimmed, deps.clock.now());
  return { ok: true as const };
}

/** The thread a shopper's link opens, or null for a wrong or spent link. */
export async function shopperTicket(deps: ChatDeps, ticketId: number, token: string) {
  const found = await inboxRepository(deps.db).ticketWithToken(ticketId, await replyTokenHash(token));
  return found ? ticketDetail(deps, ticketId) : null;
}
