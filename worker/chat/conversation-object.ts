import { DurableObject } from 'cloudflare:workers';
import {
  CHAT_LIMITS,
  CHAT_MSG,
  type ChatMessage,
  type ChatServerFrame,
  type ConversationStatus,
} from '../../shared/chat.ts';
import type { Bindings } from '../env.ts';
import { enforce, type Rule } from '../platform/rate-limit.ts';
import { ApiError } from '../platform/api-error.ts';
import { type Participant, participantFromHeaders, readFrame } from './participant.ts';
import { chatRepository } from './repository.ts';
import { closeFlooded, FrameBudget, leaseSocket, releaseSocket } from './socket-limits.ts';
import type { Lease } from '../platform/rate-limiter.ts';
import type { AuditEntry } from '../platform/audit.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';

const MESSAGE_RULE: Rule = { limit: CHAT_LIMITS.messagesPerMinute, windowMs: 60_000 };

/** A shopper's messages and images count against these limits: per conversation and per IP. */
export const shopperMessageLimits = (participant: Pick<Participant, 'conversationId' | 'ip'>) => [
  { key: `chat-message:conversation:${participant.conversationId}`, rule: MESSAGE_RULE },
  { key: `chat-message:ip:${participant.ip}`, rule: MESSAGE_RULE },
];

/** What rides on a socket: who it is, and for a shopper's the lease it holds on its IP's sockets. */
type Attachment = Participant & { lease?: string };

const tooManySockets = () => new Response(null, { status: 429 });

/** An image already checked by its bytes and kept in R2: its key and the file name it came with. */
export interface StoredImage {
  key: string;
  name: string;
}

/**
 * One live chat: the shopper's and the agents' sockets (WebSocket Hibernation API: an idle
 * conversation is evicted and costs nothing; who each socket is rides on its attachment). Every
 * message is stored in D1 before it is acknowledged and broadcast, numbered by one sequence that
 * only this object advances, through one queue, so every participant sees the same order.
 */
export class ChatConversation extends DurableObject<Bindings> {
  /** Stores and broadcasts one message at a time, in arrival order. */
  private queue: Promise<void> = Promise.resolve();
  /**
   * The conversation's status and last sequence as this object last stored them: it is their only
   * writer, so a message costs one D1 round trip. Read again after a wake, an accept or a close, or a
   * failed write.
   */
  private known: { status: ConversationStatus; lastSeq: number } | null = null;
  /** What each socket sent lately: typing and read frames beyond a typist's pace are dropped, a flood closed. */
  private readonly budget = new FrameBudget();

  /**
   * Accepts a socket the Worker has already authorised (a valid token, or a staff session). A shopper's
   * is refused (429) beyond the sockets one conversation, or one IP over all conversations, may hold.
   */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response(null, { status: 426 });
    const participant = participantFromHeaders(request.headers);
    if (!participant) return new Response(null, { status: 400 });
    const conversation = await chatRepository(this.env.DB).findConversation(participant.conversationId);
    if (!conversation) return new Response(null, { status: 404 });
    const attachment: Attachment = { ...participant };
    if (participant.role === 'shopper') {
      if (this.shopperSocketsFull()) return tooManySockets();
      const lease = { id: crypto.randomUUID(), holder: participant.conversationId };
      const held = (other: Lease) => this.leaseHeld(other, participant.conversationId);
      if (!(await leaseSocket(this.env.RATE_LIMITER, participant.ip, lease, held))) return tooManySockets();
      // Counted again with nothing awaited before the accept: two sockets at once cannot both take the last place.
      if (this.shopperSocketsFull()) {
        await releaseSocket(this.env.RATE_LIMITER, participant.ip, lease.id);
        return tooManySockets();
      }
      attachment.lease = lease.id;
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [participant.role]);
    server.serializeAttachment(attachment);
    const messages = await chatRepository(this.env.DB).messagesOf(conversation.id, CHAT_LIMITS.historyMessages);
    this.sendTo(server, {
      type: 'history',
      status: conversation.status,
      agentName: conversation.agentName,
      messages,
    });
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const participant = socket.deserializeAttachment() as Attachment;
    const frame = readFrame(raw);
    const verdict = this.budget.verdict(socket, frame?.type === 'typing' || frame?.type === 'read');
    if (verdict === 'close') return this.closeFlooded(socket, participant);
    if (verdict === 'drop') return;
    if (!frame) return this.sendTo(socket, { type: 'error', msg: 'Unreadable message' });
    if (frame.type === 'typing')
      return this.broadcast({ type: 'typing', author: participant.role, name: participant.name }, socket);
    if (frame.type === 'read')
      return this.broadcast({ type: 'read', author: participant.role, seq: frame.seq }, socket);
    const text = frame.text.trim();
    const problem = !text
      ? CHAT_MSG.messageEmpty
      : text.length > CHAT_LIMITS.messageChars
        ? CHAT_MSG.messageTooLong
        : null;
    if (problem) return this.sendTo(socket, { type: 'error', msg: problem, clientId: frame.clientId });
    if (participant.role === 'shopper' && !(await this.withinMessageLimits(participant))) {
      return this.sendTo(socket, { type: 'error', msg: CHAT_MSG.rateLimited, clientId: frame.clientId });
    }
    await this.enqueue(async () => {
      const stored = await this.store(participant, text);
      if (!stored) return this.sendTo(socket, { type: 'error', msg: CHAT_MSG.closed, clientId: frame.clientId });
      this.sendTo(socket, { type: 'ack', clientId: frame.clientId, seq: stored.seq });
      this.broadcast({ type: 'message', message: stored });
    });
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed from the other side.
    }
    await this.giveBack(socket.deserializeAttachment() as Attachment);
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    await this.giveBack(socket.deserializeAttachment() as Attachment);
  }

  /** Whether one of this conversation's sockets holds the lease (the IP's leases ask, to find dropped ones). */
  async holdsLease(id: string): Promise<boolean> {
    return this.ctx
      .getWebSockets('shopper')
      .some((socket) => (socket.deserializeAttachment() as Attachment).lease === id);
  }

  private shopperSocketsFull(): boolean {
    return this.ctx.getWebSockets('shopper').length >= CHAT_LIMITS.shopperSocketsPerConversation;
  }

  /** Whether a lease of the IP is still held: by a socket of this conversation, or of the one named. */
  private async leaseHeld(lease: Lease, self: string): Promise<boolean> {
    if (lease.holder === self) return this.holdsLease(lease.id);
    const other = this.env.CHAT_CONVERSATION.get(this.env.CHAT_CONVERSATION.idFromName(lease.holder));
    return other.holdsLease(lease.id);
  }

  private async closeFlooded(socket: WebSocket, attachment: Attachment): Promise<void> {
    closeFlooded(socket);
    await this.giveBack(attachment);
  }

  private async giveBack(attachment: Attachment | null): Promise<void> {
    if (attachment?.lease) await releaseSocket(this.env.RATE_LIMITER, attachment.ip, attachment.lease);
  }

  /**
   * A message sent over HTTP: an agent's from the back office's form, or an image either side posted
   * (already checked and kept in R2). Stored, then broadcast; null when the chat has closed.
   */
  async post(participant: Participant, text: string, image?: StoredImage): Promise<number | null> {
    let seq: number | null = null;
    await this.enqueue(async () => {
      const stored = await this.store(participant, image ? image.name : text, image?.key);
      if (!stored) return;
      seq = stored.seq;
      this.broadcast({ type: 'message', message: stored });
    });
    return seq;
  }

  /**
   * An agent takes the conversation (or is handed it: a transfer): stored with the audit entry of whoever
   * did it, announced with a system line, and every side told; false when the chat had closed.
   */
  async accept(conversationId: string, agent: { id: number; name: string }, audit: AuditEntry): Promise<boolean> {
    let accepted = false;
    await this.enqueue(async () => {
      const repository = chatRepository(this.env.DB);
      const work = unitOfWork(this.env.DB)
        .add(repository.assignAgentStatement(conversationId, agent.id, Date.now()))
        .guard('open', repository.changedOne(), async () => false)
        .audit(audit);
      accepted = (await work.commit()).ok;
      this.known = null;
      if (!accepted) return;
      const line = { role: 'system' as const, conversationId, staffId: null, name: null, ip: '' };
      const stored = await this.store(line, `${agent.name} joined the chat.`);
      if (stored) this.broadcast({ type: 'message', message: stored });
      this.announce('ACTIVE', agent.name);
    });
    return accepted;
  }

  /** Ends the conversation for everyone (an agent's close is audited with it); a closed chat takes no more messages. */
  async close(conversationId: string, closedBy: string, audit?: AuditEntry): Promise<void> {
    await this.enqueue(async () => {
      const line = { role: 'system' as const, conversationId, staffId: null, name: null, ip: '' };
      const stored = await this.store(line, `${closedBy} ended the chat.`);
      const work = unitOfWork(this.env.DB).add(chatRepository(this.env.DB).closeStatement(conversationId, Date.now()));
      if (audit) work.audit(audit);
      await work.run();
      this.known = null;
      if (stored) this.broadcast({ type: 'message', message: stored });
      const conversation = await chatRepository(this.env.DB).findConversation(conversationId);
      this.announce('CLOSED', conversation?.agentName ?? null);
    });
  }

  /** How many sockets are connected, by role (the inbox shows whether the shopper is still there). */
  async connected(): Promise<{ shopper: number; agent: number }> {
    return {
      shopper: this.ctx.getWebSockets('shopper').length,
      agent: this.ctx.getWebSockets('agent').length,
    };
  }

  private announce(status: ConversationStatus, agentName: string | null): void {
    this.broadcast({ type: 'status', status, agentName });
  }

  /** Numbers and stores a message (an image: its name and R2 key); null when the conversation is gone or closed. */
  private async store(participant: Participant, text: string, imageKey?: string): Promise<ChatMessage | null> {
    const repository = chatRepository(this.env.DB);
    const conversationId = participant.conversationId;
    this.known ??= await repository.findConversation(conversationId);
    const conversation = this.known;
    if (!conversation || conversation.status === 'CLOSED') return null;
    // The queue runs one store at a time, so the stored sequence is the last one (also after a wake).
    const seq = conversation.lastSeq + 1;
    const now = Date.now();
    const { role: author, staffId: authorId, name: authorName } = participant;
    const row = { conversationId, seq, author, authorId, authorName, text, attachmentKey: imageKey ?? null, now };
    // An agent's first message takes a waiting chat; each of their messages is audited in its own batch.
    const takes = author === 'agent' && conversation.status === 'WAITING' && authorId !== null;
    const work = unitOfWork(this.env.DB).add(...repository.messageStatements(row));
    if (takes) work.add(repository.assignAgentStatement(conversationId, authorId, now));
    if (participant.audit) work.audit({ ...participant.audit, after: imageKey ? { seq, image: text } : { seq, text } });
    try {
      await work.run();
    } catch (error) {
      this.known = null;
      throw error;
    }
    conversation.lastSeq = seq;
    if (takes) {
      conversation.status = 'ACTIVE';
      this.announce('ACTIVE', participant.name);
    }
    const message: ChatMessage = { seq, author: participant.role, authorName: participant.name, text, createdAt: now };
    return imageKey ? { ...message, image: { name: text } } : message;
  }

  /** Per conversation and per IP: a shopper flooding the chat is told to slow down. */
  private async withinMessageLimits(participant: Participant): Promise<boolean> {
    try {
      await enforce(this.env.RATE_LIMITER, shopperMessageLimits(participant));
      return true;
    } catch (error) {
      if (error instanceof ApiError) return false;
      throw error;
    }
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private sendTo(socket: WebSocket, frame: ChatServerFrame): void {
    try {
      socket.send(JSON.stringify(frame));
    } catch {
      // The socket closed meanwhile; its history reloads on reconnect.
    }
  }

  private broadcast(frame: ChatServerFrame, except?: WebSocket): void {
    for (const socket of this.ctx.getWebSockets()) if (socket !== except) this.sendTo(socket, frame);
  }
}
