import { DurableObject } from 'cloudflare:workers';
import { type AgentSeat, CHAT_LIMITS, type PresenceFrame } from '../../shared/chat.ts';
import type { Bindings } from '../env.ts';
import { closeFlooded, FrameBudget } from './socket-limits.ts';

const HEADER = 'x-chat-agent';

/** The request the Worker forwards once the staff session is checked (only the Worker reaches the object). */
export function agentSeatRequest(request: Request, seat: AgentSeat): Request {
  return new Request(request.url, { headers: { upgrade: 'websocket', [HEADER]: JSON.stringify(seat) } });
}

function seatFrom(headers: Headers): AgentSeat | null {
  try {
    const seat = JSON.parse(headers.get(HEADER) ?? '') as AgentSeat;
    return Number.isInteger(seat.staffId) && typeof seat.name === 'string' ? { ...seat, presence: 'online' } : null;
  } catch {
    return null;
  }
}

/**
 * The shop's presence (one object per shop): every agent's inbox socket, hibernating, each with its
 * seat as attachment. An agent is online or away while connected and offline when not; chat shows
 * as online when one agent is online. New waiting conversations are routed to the online agents.
 */
export class ChatPresence extends DurableObject<Bindings> {
  /** What each inbox socket sent lately: each presence change is broadcast to every agent, so a flood is cut off. */
  private readonly budget = new FrameBudget();

  /** Accepts an agent's inbox socket; refused (429) beyond the tabs one agent may hold open. */
  override async fetch(request: Request): Promise<Response> {
    const seat = seatFrom(request.headers);
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket' || !seat)
      return new Response(null, { status: 400 });
    const open = this.ctx
      .getWebSockets()
      .filter((socket) => (socket.deserializeAttachment() as AgentSeat).staffId === seat.staffId);
    if (open.length >= CHAT_LIMITS.presenceSocketsPerAgent) return new Response(null, { status: 429 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(seat);
    this.broadcastRoster();
    return new Response(null, { status: 101, webSocket: client });
  }

  /** An agent sets themselves online or away. */
  override async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const verdict = this.budget.verdict(socket, true);
    if (verdict === 'close') return closeFlooded(socket);
    if (verdict === 'drop' || typeof raw !== 'string') return;
    let presence: unknown;
    try {
      presence = (JSON.parse(raw) as { presence?: unknown }).presence;
    } catch {
      return;
    }
    if (presence !== 'online' && presence !== 'away') return;
    socket.serializeAttachment({ ...(socket.deserializeAttachment() as AgentSeat), presence });
    this.broadcastRoster();
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
    this.broadcastRoster(socket);
  }

  /** Every connected agent with their presence (an agent with two tabs counts once, online if either is). */
  async roster(): Promise<AgentSeat[]> {
    return this.seats();
  }

  /** Tells the online agents about a conversation (routing: each sees it in Waiting at once). */
  async notify(frame: PresenceFrame): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) {
      const seat = socket.deserializeAttachment() as AgentSeat;
      if (frame.type === 'waiting' && seat.presence !== 'online') continue;
      send(socket, frame);
    }
  }

  private seats(except?: WebSocket): AgentSeat[] {
    const byStaff = new Map<number, AgentSeat>();
    for (const socket of this.ctx.getWebSockets()) {
      if (socket === except) continue;
      const seat = socket.deserializeAttachment() as AgentSeat;
      const known = byStaff.get(seat.staffId);
      if (!known || seat.presence === 'online') byStaff.set(seat.staffId, seat);
    }
    return [...byStaff.values()];
  }

  private broadcastRoster(except?: WebSocket): void {
    const frame: PresenceFrame = { type: 'roster', agents: this.seats(except) };
    for (const socket of this.ctx.getWebSockets()) if (socket !== except) send(socket, frame);
  }
}

function send(socket: WebSocket, frame: PresenceFrame): void {
  try {
    socket.send(JSON.stringify(frame));
  } catch {
    // Closed meanwhile.
  }
}
