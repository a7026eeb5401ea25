/**
 * Live chat's staff door (issue 24, the agents' console): taking, answering, transferring and closing
 * conversations, the inbox and tickets, canned replies, images and the agents' sockets.
 */

export type { Agent } from './agents.ts';
export { acceptConversation, agentPresenceSocket, agentSocket, closeConversation } from './agents.ts';
export { agentImage, agentPostImage } from './images.ts';
export {
  addCannedReply,
  agentReply,
  answerTicket,
  closeTicket,
  conversationDetail,
  inbox,
  INBOX_VIEWS,
  type InboxView,
  shopperTicket,
  shopperTicketReply,
  ticketDetail,
  transferConversation,
} from './inbox.ts';
