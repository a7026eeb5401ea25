import { type ChatDeps, conversationObject, presenceOf } from './deps.ts';
import { participantRequest } from './participant.ts';
import { agentSeatRequest } from './presence-object.ts';
import { chatRepository } from './repository.ts';

/** A staff member with the support.chat permission, as the back office vouches for them. */
export interface Agent {
  id: number;
  name: string;
}

const CONVERSATION_ID = /^[0-9a-f]{32}$/;

/** An agent's socket into one conversation; null when there is no such conversation (the route answers 404). */
export async function agentSocket(deps: ChatDeps, request: Request, conversationId: string, agent: Agent, ip: string) {
  if (!CONVERSATION_ID.test(conversationId)) return null;
  if (!(await chatRepository(deps.db).findConversation(conversationId))) return null;
  const participant = { role: 'agent' as const, conversationId, staffId: agent.id, name: agent.name, ip };
  return conversationObject(deps, conversationId).fetch(participantRequest(request, participant));
}

/** An agent's inbox socket: while it is open the agent is online (or away), and new chats reach them. */
export function agentPresenceSocket(deps: ChatDeps, request: Request, agent: Agent) {
  return presenceOf(deps).fetch(agentSeatRequest(request, { staffId: agent.id, name: agent.name, presence: 'online' }));
}

/** The agent takes a waiting conversation (or takes it over: a transfer); false when it had closed. */
export async function acceptConversation(deps: ChatDeps, conversationId: string, agent: Agent): Promise<boolean> {
  if (!CONVERSATION_ID.test(conversationId)) return false;
  const accepted = await conversationObject(deps, conversationId).accept(conversationId, agent);
  if (accepted) await presenceOf(deps).notify({ type: 'taken', conversationId, agentName: agent.name });
  return accepted;
}

/** The agent ends the conversation for everyone. */
export async function closeConversation(deps: ChatDeps, conversationId: string, agent: Agent): Promise<boolean> {
  if (!CONVERSATION_ID.test(conversationId)) return false;
  const conversation = await chatRepository(deps.db).findConversation(conversationId);
  if (!conversation || conversation.status === 'CLOSED') return false;
  await conversationObject(deps, conversationId).close(conversationId, agent.name);
  await presenceOf(deps).notify({ type: 'closed', conversationId });
  return true;
}
