import type { AuthorKind, ChatClientFrame } from '../../shared/chat.ts';
import type { AuditEntry } from '../platform/audit.ts';

/** Who a socket is: kept on the socket (its attachment), so it survives the object's hibernation. */
export interface Participant {
  role: AuthorKind;
  conversationId: string;
  staffId: number | null;
  name: string | null;
  ip: string;
  /** An agent's: the audit entry each message they send writes beside it (its `after` says what was sent). */
  audit?: AuditEntry;
}

/** The audit entry a vouched-for header carries, when it is one. */
function auditOf(value: unknown): AuditEntry | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const entry = value as Partial<AuditEntry>;
  if (typeof entry.staffEmail !== 'string' || typeof entry.action !== 'string') return undefined;
  if (typeof entry.recordType !== 'string') return undefined;
  return {
    staffId: typeof entry.staffId === 'number' ? entry.staffId : null,
    staffEmail: entry.staffEmail,
    action: entry.action,
    recordType: entry.recordType,
    recordId: typeof entry.recordId === 'string' ? entry.recordId : null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
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
    const audit = value.role === 'agent' ? auditOf(value.audit) : undefined;
    return {
      role: value.role,
      conversationId: value.conversationId,
      staffId: typeof value.staffId === 'number' ? value.staffId : null,
      name: typeof value.name === 'string' ? value.name : null,
      ip: typeof value.ip === 'string' ? value.ip : '',
      ...(audit && { audit }),
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
