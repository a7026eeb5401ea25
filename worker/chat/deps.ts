import type { LiveChatSettings } from '../../shared/api/chat.ts';
import type { Clock } from '../platform/clock.ts';
import type { EmailSender } from '../platform/email.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import type { ChatConversation } from './conversation-object.ts';
import type { ChatPresence } from './presence-object.ts';

/** What live chat and the help desk need for one request; routes build it from the bindings. */
export interface ChatDeps {
  db: D1Database;
  /** R2: ticket attachments, private (served only to staff). */
  media: R2Bucket;
  /** AUTH_SECRET: signs conversation tokens. */
  secret: string;
  conversations: DurableObjectNamespace<ChatConversation>;
  presence: DurableObjectNamespace<ChatPresence>;
  rateLimiter: DurableObjectNamespace<RateLimiter>;
  mailer: EmailSender;
  shopName: string;
  liveChat: LiveChatSettings;
  /** The market's configured origin, for links in emails (never the request's Host). */
  origin: string;
  shopId: string;
  clock: Clock;
}

/** The shop's one presence object. */
export const presenceOf = (deps: ChatDeps) => deps.presence.get(deps.presence.idFromName(`shop:${deps.shopId}`));

/** A conversation's object, named by the conversation's id. */
export const conversationObject = (deps: ChatDeps, conversationId: string) =>
  deps.conversations.get(deps.conversations.idFromName(conversationId));
