/**
 * A shopper's conversation token: `<conversation id>.<expiry in seconds>.<HMAC-SHA256>`
 * (platform/signing.ts), signed with AUTH_SECRET. It is answered when a chat starts and is the
 * only thing that opens the conversation's socket, its history, its end and its transcript: a
 * shopper can join only their own conversation.
 */
import { CHAT_LIMITS } from '../../shared/chat.ts';
import { expiresIn, randomHex, readToken, signToken } from '../platform/signing.ts';

const CONVERSATION_ID = /^[0-9a-f]{32}$/;

const PURPOSE = 'chat';

/** A new conversation id: 128 random bits as hex (also the Durable Object's name). */
export function newConversationId(): string {
  return randomHex(16);
}

/** Signs a token that opens this conversation for CHAT_LIMITS.tokenDays. */
export async function signChatToken(secret: string, conversationId: string, now: number): Promise<string> {
  const expires = expiresIn(now, CHAT_LIMITS.tokenDays * 86_400);
  return signToken(secret, { purpose: PURPOSE, subject: conversationId, expires });
}

/** The conversation a token opens, or null when it is malformed, forged or expired (verified in constant time). */
export async function conversationOfToken(secret: string, token: string, now: number): Promise<string | null> {
  return readToken(secret, PURPOSE, token, now, CONVERSATION_ID);
}
