import type { StaffAudit } from '../platform/audit.ts';
import { type ChatDeps, conversationObject, presenceOf } from './deps.ts';
import { type Participant, participantRequest } from './participant.ts';
import { agentSeatRequest } from './presence-object.ts';
import { chatRepository } from './repository.ts';

/** A staff member with the support.chat permission, as the back office vouches for them. */
export interface Agent {
  id: number;
  name: string;
  /** Stamps the audit entries of what the agent does with their identity (the back office's). */
  audit: StaffAudit;
}

const CONVERSATION_ID = /^[0-9a-f]{32}$/;

/** The agent in a conversation: each message they send there is audited with this entry (after: the message). */
export function agentIn(conversationId: string, agent: Agent, ip = ''): Participant {
  const audit = agent.audit({
    action: 'chat.reply',
    recordType: 'chat_conversation',
    recordId: conversationId,
    before: null,
    after: null,
  });
  return { role: 'agent', conversationId, staffId: agent.id, name: agent.name, ip, audit };
}

/** An agent's socket into one conversation; null when there is no such conversation (the route answers 404). */
export async function agentSocket(deps: ChatDeps, request: Request, conversationId: string, agent: Agent, ip: string) {
  if (!CONVERSATION_ID.test(conversationId)) return null;
  if (!(await chatRepository(deps.db).findConversation(conversationId))) return null;
  return conversationObject(deps, conversationId).fetch(
    participantRequest(request, agentIn(conversationId, agent, ip)),
  );
}

/** An agent's inbox socket: while it is open the agent is online (or away), and new chats reach them. */
export function agentPresenceSocket(deps: ChatDeps, request: Request, agent: Agent) {
  return presenceOf(deps).fetch(agentSeatRequest(request, { staffId: agent.id, name: agent.name, presence: 'online' }));
}

/** The agent takes a waiting conversation (or takes it over); false when it had closed. Audited. */
export async function acceptConversation(deps: ChatDeps, conversationId: string, agent: Agent): Promise<boolean> {
  if (!CONVERSATION_ID.test(conversationId)) return false;
  const audit = agent.audit({
    action: 'chat.accept',
    recordType: 'chat_conversation',
    recordId: conversationId,
    before: null,
    after: { agentId: agent.id, agentName: agent.name },
  });
  const seat = { id: agent.id, name: agent.name };
  const accepted = await conversationObject(deps, conversationId).accept(conversationId, seat, audit);
  if (accepted) await presenceOf(deps).notify({ type: 'taken', conversationId, agentName: agent.name });
  return accepted;
}

/** The agent ends the conversation for everyone (audited). */
export async function closeConversation(deps: ChatDeps, conversationId: string, agent: Agent): Promise<boolean> {
  if (!CONVERSATION_ID.test(conversationId)) return false;
  const conversation = await chatRepository(deps.db).findConversation(conversationId);
  if (!conversation || conversation.status === 'CLOSED') return false;
  const audit = agent.audit({
    action: 'chat.close',
    recordType: 'chat_conversation',
    recordId: conversationId,
    before: { status: conversation.status },
    after: { status: 'CLOSED' },
  });
  await conversationObject(deps, conversationId).close(conversationId, agent.name, audit);
  await presenceOf(deps).notify({ type: 'closed', conversationId });
  return true;
}
