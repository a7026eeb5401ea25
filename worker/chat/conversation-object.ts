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

const MESSAGE_RULE: Rule = { limit: CHAT_LIMITS.messagesPerMinute, windowMs: 60_000 };

/** A shopper's messages and images count against these limits: per conversation and per IP. */
export const shopperMessageLimits = (participant: Pick<Participant, 'conversationId' | 'ip'>) => [
  { key: `chat-message:conversation:${participant.conversationId}`, rule: MESSAGE_RULE },
  { key: `chat-message:ip:${participant.ip}`, rule: MESSAGE_RULE },
];

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

  /** Accepts a socket the Worker has already authorised (a valid token, or a staff session). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response(null, { status: 426 });
    const participant = participantFromHeaders(request.headers);
    if (!participant) return new Response(null, { status: 400 });
    const conversation = await chatRepository(this.env.DB).findConversation(participant.conversationId);
    if (!conversation) return new Response(null, { status: 404 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [participant.role]);
    server.serializeAttachment(participant);
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
    const participant = socket.deserializeAttachment() as Participant;
    const frame = readFrame(raw);
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

  /** An agent takes the conversation: stored, announced with a system line, and every side told. */
  async accept(conversationId: string, agent: { id: number; name: string }): Promise<boolean> {
    let accepted = false;
    await this.enqueue(async () => {
      accepted = await chatRepository(this.env.DB).assignAgent(conversationId, agent.id, Date.now());
      this.known = null;
      if (!accepted) return;
      const line = { role: 'system' as const, conversationId, staffId: null, name: null, ip: '' };
      const stored = await this.store(line, `${agent.name} joined the chat.`);
      if (stored) this.broadcast({ type: 'message', message: stored });
      this.announce('ACTIVE', agent.name);
    });
    return accepted;
  }

  /** Ends the conversation for everyone; a closed chat takes no more messages. */
  async close(conversationId: string, closedBy: string): Promise<void> {
    await this.enqueue(async () => {
      const line = { role: 'system' as const, conversationId, staffId: null, name: null, ip: '' };
      const stored = await this.store(line, `${closedBy} ended the chat.`);
      await chatRepository(this.env.DB).close(conversationId, Date.now());
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
    try {
      await repository.addMessage({
        conversationId,
        seq,
        author: participant.role,
        authorId: participant.staffId,
        authorName: participant.name,
        text,
        attachmentKey: imageKey ?? null,
        now,
      });
    } catch (error) {
      this.known = null;
      throw error;
    }
    conversation.lastSeq = seq;
    if (participant.role === 'agent' && conversation.status === 'WAITING' && participant.staffId !== null) {
      await repository.assignAgent(conversationId, participant.staffId, now);
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
