import type { ChatConfig } from '../../shared/api/chat.ts';
import { expectedWaitMinutes, withinSupportHours } from '../../shared/chat.ts';
import { type ChatDeps, presenceOf } from './deps.ts';
import { chatRepository } from './repository.ts';

/** How many agents take chats now (online, not away). */
export async function onlineAgentCount(deps: ChatDeps): Promise<number> {
  const roster = await presenceOf(deps).roster();
  return roster.filter((seat) => seat.presence === 'online').length;
}

/**
 * GET /customer/public/online-customer/config (§7): chat is online when the support hours are open and
 * an agent is online; the expected wait shares the waiting queue among them.
 */
export async function chatConfig(deps: ChatDeps, memberEmail: string | null): Promise<ChatConfig> {
  const { liveChat } = deps;
  const withinHours = withinSupportHours(liveChat.hours, deps.clock.now());
  const agents = withinHours ? await onlineAgentCount(deps) : 0;
  const online = agents > 0;
  const waiting = online ? await chatRepository(deps.db).countWaiting() : 0;
  return {
    online,
    withinHours,
    supportHours: liveChat.hours.text,
    expectedWaitMinutes: online ? expectedWaitMinutes(waiting, agents, liveChat.minutesPerChat) : null,
    welcomeText: liveChat.welcomeText,
    replyWithinHours: liveChat.replyWithinHours,
    email: memberEmail,
  };
}
