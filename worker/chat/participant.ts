import type { AuthorKind, ChatClientFrame } from '../../shared/chat.ts';

/** Who a socket is: kept on the socket (its attachment), so it survives the object's hibernation. */
export interface Participant {
  role: AuthorKind;
  conversationId: string;
  staffId: number | null;
  name: string | null;
  ip: string;
}

const HEADER = 'x-chat-participant';

/**
 * The request the Worker forwards to a conversation once it has checked who is asking. Only the
 * Worker reaches the object, so the header it sets is the one identity the object trusts.
 */
export function participantRequest(request: Request, participant: Participant): Request {
  const headers = new Headers({ upgrade: 'websocket', [HEADER]: JSON.stringify(participant) });
  return new Request(request.url, { headers });
}

/** The participant the Worker vouched for, or null when the header is missing or malformed. */
export function participantFromHeaders(headers: Headers): Participant | null {
  try {
    const value = JSON.parse(headers.get(HEADER) ?? '') as Partial<Participant>;
    if (value.role !== 'shopper' && value.role !== 'agent') return null;
    if (typeof value.conversationId !== 'string') return null;
    return {
      role: value.role,
      conversationId: value.conversationId,
      staffId: typeof value.staffId === 'number' ? value.staffId : null,
      name: typeof value.name === 'string' ? value.name : null,
      ip: typeof value.ip === 'string' ? value.ip : '',
    };
  } catch {
    return null;
  }
}

/** A frame a browser sent, or null when it is not one of the protocol's (shared/chat.ts). */
export function readFrame(raw: string | ArrayBuffer): ChatClientFrame | null {
  if (typeof raw !== 'string' || raw.length > 20_000) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  if (value.type === 'typing') return { type: 'typing' };
  if (value.type === 'read' && Number.isInteger(value.seq)) return { type: 'read', seq: value.seq as number };
  if (value.type === 'message' && typeof value.text === 'string' && typeof value.clientId === 'string') {
    return { type: 'message', text: value.text, clientId: value.clientId.slice(0, 64) };
  }
  return null;
}
