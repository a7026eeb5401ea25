import { CHAT_MSG } from '../../shared/chat.ts';
import { ApiError } from '../platform/api-error.ts';
import { enforce } from '../platform/rate-limit.ts';
import { type Agent, agentIn } from './agents.ts';
import { shopperMessageLimits } from './conversation-object.ts';
import { conversationForToken } from './conversations.ts';
import { type ChatDeps, conversationObject } from './deps.ts';
import type { Participant } from './participant.ts';
import { chatRepository } from './repository.ts';
import { ATTACHMENT_MSG, attachmentProblem } from './tickets.ts';
import { imageTypeOf } from '../platform/file-type.ts';

/** A file posted into a chat, as the route read it from the form. */
export interface ChatImageUpload {
  name: string;
  size: number;
  bytes: ArrayBuffer;
}

const CONVERSATION_ID = /^[0-9a-f]{32}$/;
const closed = () => new ApiError(409, 409, CHAT_MSG.closed);

/** The file's name as the chat shows it: no path, no control characters, at most 100 characters. */
const shownName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').slice(0, 100) || 'image';

/**
 * Puts an image into a conversation: checked like the feedback form's images (by its bytes, 5 MB at
 * most), a shopper's counted against the same limits as their messages, kept privately in R2, then
 * stored as a message of the conversation and broadcast (stored before the answer, like text).
 */
async function postImage(deps: ChatDeps, participant: Participant, file: ChatImageUpload | null) {
  if (!file || file.size === 0) throw ApiError.badRequest(CHAT_MSG.imageMissing);
  const problem = attachmentProblem([{ size: file.size, head: new Uint8Array(file.bytes.slice(0, 16)) }]);
  if (problem) {
    const status = problem === ATTACHMENT_MSG.tooLarge ? 413 : 400;
    throw new ApiError(status, status, problem);
  }
  if (participant.role === 'shopper') {
    await enforce(deps.rateLimiter, shopperMessageLimits(participant)).catch((error: unknown) => {
      throw error instanceof ApiError ? new ApiError(429, 429, CHAT_MSG.rateLimited) : error;
    });
  }
  const conversation = await chatRepository(deps.db).findConversation(participant.conversationId);
  if (!conversation || conversation.status === 'CLOSED') throw closed();
  const key = `chat/${conversation.id}/${crypto.randomUUID()}`;
  const contentType = imageTypeOf(new Uint8Array(file.bytes.slice(0, 16))) ?? 'application/octet-stream';
  await deps.media.put(key, file.bytes, { httpMetadata: { contentType } });
  const seq = await conversationObject(deps, conversation.id).post(participant, '', {
    key,
    name: shownName(file.name),
  });
  if (seq !== null) return { seq };
  await deps.media.delete(key);
  throw closed();
}

/** The shopper posts an image into their conversation (their token opens it). */
export async function shopperPostImage(deps: ChatDeps, token: string, ip: string, file: ChatImageUpload | null) {
  const conversation = await conversationForToken(deps, token);
  const participant = { role: 'shopper' as const, conversationId: conversation.id, staffId: null, name: null, ip };
  return postImage(deps, participant, file);
}

/** An agent posts an image into a conversation from the console. */
export async function agentPostImage(
  deps: ChatDeps,
  conversationId: string,
  agent: Agent,
  file: ChatImageUpload | null,
) {
  if (!CONVERSATION_ID.test(conversationId)) throw closed();
  return postImage(deps, agentIn(conversationId, agent), file);
}

async function imageOf(deps: ChatDeps, conversationId: string, seq: number) {
  if (!Number.isInteger(seq) || seq < 1) return null;
  const key = await chatRepository(deps.db).imageKeyOf(conversationId, seq);
  return key ? deps.media.get(key) : null;
}

/** An image of the shopper's own conversation, by their token (403 for another's token); null when none. */
export async function shopperImage(deps: ChatDeps, token: string, seq: number) {
  const conversation = await conversationForToken(deps, token);
  return imageOf(deps, conversation.id, seq);
}

/** An image of a conversation, for an agent (the route has checked the staff session); null when none. */
export async function agentImage(deps: ChatDeps, conversationId: string, seq: number) {
  return CONVERSATION_ID.test(conversationId) ? imageOf(deps, conversationId, seq) : null;
}
