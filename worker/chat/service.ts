/**
 * Live chat and the help desk (issue 24): the door other code uses. Shopper calls live in
 * conversations.ts, agents' in agents.ts, tickets in tickets.ts, the §7 config in config.ts; the
 * Durable Objects (conversation-object.ts, presence-object.ts) go to worker/index.ts from here.
 */
export type { ChatDeps } from './deps.ts';
export { chatConfig } from './config.ts';
export {
  conversationHistory,
  emailTranscript,
  endConversation,
  shopperSocket,
  startConversation,
  updateShopperContext,
  type ChatShopper,
} from './conversations.ts';
export { type ChatImageUpload, shopperImage, shopperPostImage } from './images.ts';
export type { ShopperCart } from './context.ts';
export {
  ATTACHMENT_LIMITS,
  ATTACHMENT_MSG,
  attachmentProblem,
  createTicket,
  type TicketAttachment as TicketAttachmentInput,
} from './tickets.ts';
export { ChatConversation } from './conversation-object.ts';
export { ChatPresence } from './presence-object.ts';
