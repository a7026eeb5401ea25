import type { HistoryAnswer, StartChatAnswer } from '../../shared/api/chat.ts';
import { CHAT_LIMITS, CHAT_MSG } from '../../shared/chat.ts';
import { ApiError } from '../platform/api-error.ts';
import { enforce } from '../platform/rate-limit.ts';
import { chatConfig } from './config.ts';
import { type CartReach, chosenVehicle, readShopperCart, type ShopperWhereabouts } from './context.ts';
import { type ChatDeps, conversationObject, presenceOf } from './deps.ts';
import { recipientOf, transcriptEmail } from './email.ts';
import { participantRequest } from './participant.ts';
import { type ConversationRow, chatRepository } from './repository.ts';
import { conversationOfToken, newConversationId, signChatToken } from './token.ts';

const HOUR = 3_600_000;

/** Who starts a chat: the market and visitor key of the request, its IP, the member if signed in, their cart. */
export interface ChatShopper extends CartReach {
  visitorKey: string;
  ip: string;
  member: { accountId: number; email: string } | null;
}

export interface StartChat extends ShopperWhereabouts {
  name?: string;
  email?: string;
}

/** A 409 for a chat asked for while nobody can answer: the launcher then offers the offline message. */
const offline = () => new ApiError(409, 409, CHAT_MSG.offline);
const tokenRefused = () => new ApiError(403, 403, CHAT_MSG.tokenInvalid);

/**
 * Starts a conversation while chat is online (rate limited per visitor and per IP), tells the
 * online agents, and answers the signed token that opens its socket and history.
 */
export async function startConversation(
  deps: ChatDeps,
  shopper: ChatShopper,
  input: StartChat,
): Promise<StartChatAnswer> {
  await enforce(deps.rateLimiter, [
    {
      key: `chat-start:visitor:${shopper.visitorKey}`,
      rule: { limit: CHAT_LIMITS.conversationsPerVisitorHour, windowMs: HOUR },
    },
    { key: `chat-start:ip:${shopper.ip}`, rule: { limit: CHAT_LIMITS.conversationsPerIpHour, windowMs: HOUR } },
  ]);
  const config = await chatConfig(deps, null);
  if (!config.online) throw offline();
  const id = newConversationId();
  const now = deps.clock.now();
  const [cart, vehicle] = await Promise.all([readShopperCart(deps, shopper), chosenVehicle(deps, input)]);
  await chatRepository(deps.db).insertConversation({
    id,
    market: shopper.market,
    visitorKey: shopper.visitorKey,
    accountId: shopper.member?.accountId ?? null,
    email: shopper.member?.email ?? input.email ?? null,
    name: input.name || null,
    page: input.page ?? null,
    vehicle,
    cartJson: cart ? JSON.stringify(cart) : null,
    now,
  });
  await presenceOf(deps).notify({
    type: 'waiting',
    conversationId: id,
    page: input.page ?? null,
    market: shopper.market,
  });
  return { conversationId: id, token: await signChatToken(deps.secret, id, now), status: 'WAITING' };
}

/** The conversation a shopper's token opens; a wrong, forged or expired token is refused (403). */
export async function conversationForToken(deps: ChatDeps, token: string): Promise<ConversationRow> {
  const id = await conversationOfToken(deps.secret, token, deps.clock.now());
  const conversation = id ? await chatRepository(deps.db).findConversation(id) : null;
  if (!conversation) throw tokenRefused();
  return conversation;
}

/**
 * The launcher on a new page of an open chat: the conversation (by the shopper's token) learns the
 * page, the chosen vehicle, and the cart as the server reads it now from the shopper's own cart.
 */
export async function updateShopperContext(
  deps: ChatDeps,
  token: string,
  reach: CartReach,
  where: ShopperWhereabouts,
): Promise<void> {
  const conversation = await conversationForToken(deps, token);
  if (conversation.status === 'CLOSED') return;
  const [cart, vehicle] = await Promise.all([readShopperCart(deps, reach), chosenVehicle(deps, where)]);
  await chatRepository(deps.db).updateContext(conversation.id, {
    page: where.page ?? null,
    vehicle,
    cartJson: cart ? JSON.stringify(cart) : null,
    now: deps.clock.now(),
  });
}

/** The conversation's state and its messages (a reload, a new page, a dropped connection). */
export async function conversationHistory(deps: ChatDeps, token: string): Promise<HistoryAnswer> {
  const conversation = await conversationForToken(deps, token);
  return historyOf(deps, conversation);
}

async function historyOf(deps: ChatDeps, conversation: ConversationRow): Promise<HistoryAnswer> {
  return {
    conversationId: conversation.id,
    status: conversation.status,
    agentName: conversation.agentName,
    rating: conversation.rating,
    messages: await chatRepository(deps.db).messagesOf(conversation.id, CHAT_LIMITS.historyMessages),
  };
}

/**
 * The shopper's socket: forwarded to the conversation's object when the token opens it, or null
 * (the route answers 403). The object accepts it and sends the history first.
 */
export async function shopperSocket(deps: ChatDeps, request: Request, token: string, ip: string) {
  const id = await conversationOfToken(deps.secret, token, deps.clock.now());
  if (!id) return null;
  const participant = { role: 'shopper' as const, conversationId: id, staffId: null, name: null, ip };
  return conversationObject(deps, id).fetch(participantRequest(request, participant));
}

/** The shopper ends the chat with a rating of 1 to 5 and an optional comment. */
export async function endConversation(
  deps: ChatDeps,
  input: { token: string; rating: number; comment?: string },
): Promise<HistoryAnswer> {
  const conversation = await conversationForToken(deps, input.token);
  if (conversation.status !== 'CLOSED') {
    await conversationObject(deps, conversation.id).close(conversation.id, conversation.name || 'The shopper');
    await presenceOf(deps).notify({ type: 'closed', conversationId: conversation.id });
  }
  await chatRepository(deps.db).rate(conversation.id, input.rating, input.comment || null, deps.clock.now());
  return conversationHistory(deps, input.token);
}

/**
 * Emails the transcript (3 an hour per conversation) to the address given, else the signed-in member's,
 * else the conversation's. The whole conversation goes only to the member's own address; any other
 * gets the agents' messages alone (the shopper's words are not the shop's to mail to strangers).
 */
export async function emailTranscript(
  deps: ChatDeps,
  input: { token: string; email?: string },
  memberEmail: string | null,
): Promise<void> {
  const conversation = await conversationForToken(deps, input.token);
  const to = input.email ?? memberEmail ?? conversation.email;
  if (!to) throw ApiError.badRequest('email Provide a valid email address.');
  await enforce(deps.rateLimiter, [
    {
      key: `chat-transcript:${conversation.id}`,
      rule: { limit: CHAT_LIMITS.transcriptsPerHour, windowMs: HOUR },
    },
  ]);
  const { messages } = await historyOf(deps, conversation);
  await deps.mailer.send(transcriptEmail(deps, to, conversation.createdAt, messages, recipientOf(memberEmail, to)));
}
