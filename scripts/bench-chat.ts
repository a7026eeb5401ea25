// The bounded live-chat load run (issue 24), called by scripts/bench.ts: `conversations` concurrent
// chats on the served shop, each a shopper and an agent on real WebSockets exchanging messages for
// `seconds`. Every message is timed from its send to its arrival on the other side; a message that
// never arrives (within a drain period after the end) is lost. The messages stored in D1 are counted
// too: each must be there, since a conversation stores before it acknowledges.
import { TEST_SECRETS } from './lib/dev-secrets.ts';
import { wranglerJson } from './lib/wrangler.ts';
import { currentCode, writeStaff } from './staff-lib.ts';

export interface ChatLoadFigures {
  conversations: number;
  sent: number;
  received: number;
  lost: number;
  /** Messages a conversation refused (an error frame: rate limit, closed): never expected here. */
  refused: number;
  /** Connections that dropped during the run (each reopened, as the launcher does), and messages sent again. */
  dropped: number;
  resent: number;
  storedInD1: number;
  p50: number;
  p95: number;
}

export interface ChatLoadOptions {
  origin: string;
  stateDir: string;
  seconds: number;
  conversations: number;
}

/** A shopper sends a message every 5 s (12 a minute, within the 30 a shopper may send); the agent answers each. */
const SHOPPER_EVERY_MS = 5000;
const DRAIN_MS = 10_000;
const CONNECT_BATCH = 20;

interface Frame {
  type: string;
  clientId?: string;
  message?: { text: string };
  messages?: { text: string }[];
}

/** What every side of the run reports into: send times, latencies, and what went wrong. */
class Tally {
  readonly sentAt = new Map<string, number>();
  readonly latencies: number[] = [];
  sent = 0;
  refused = 0;
  dropped = 0;
  resent = 0;

  /** A message of the other side arrived (live, or in the history after a reconnect). */
  delivered(text: string): void {
    const at = this.sentAt.get(text);
    if (at === undefined) return;
    this.sentAt.delete(text);
    this.latencies.push(performance.now() - at);
  }
}

/** One side of a conversation: its socket's address and headers, and how its texts and the other side's begin. */
interface SideSpec {
  url: string;
  headers: Record<string, string>;
  own: string;
  other: string;
  onOther?: (text: string) => void;
}

/**
 * One participant's socket, as the launcher keeps it: reopened after a dropped connection, with the
 * history frame then delivering what was said meanwhile. A message not yet acknowledged when its
 * connection dropped is sent again after the reconnect, unless the history shows it was stored.
 */
class ChatSide {
  private socket: WebSocket | null = null;
  private readonly unacked = new Set<string>();
  private stopped = false;
  private readonly tally: Tally;
  private readonly spec: SideSpec;

  constructor(tally: Tally, spec: SideSpec) {
    this.tally = tally;
    this.spec = spec;
  }

  /** Opens the socket; resolves once the server's history frame arrives. */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.spec.url, { headers: this.spec.headers } as unknown as string[]);
      this.socket = socket;
      const timer = setTimeout(() => reject(new Error(`no history from ${this.spec.url}`)), 30_000);
      socket.addEventListener('message', (event) => {
        const frame = JSON.parse(String(event.data)) as Frame;
        if (frame.type === 'history') {
          clearTimeout(timer);
          this.recover(frame.messages ?? []);
          resolve();
        }
        this.receive(frame);
      });
      socket.addEventListener('error', () => reject(new Error(`socket to ${this.spec.url} failed`)));
      socket.addEventListener('close', () => {
        if (this.stopped || this.socket !== socket) return;
        this.tally.dropped++;
        setTimeout(() => this.connect().catch(() => undefined), 500);
      });
    });
  }

  send(text: string): void {
    this.tally.sentAt.set(text, performance.now());
    this.tally.sent++;
    this.unacked.add(text);
    this.write(text);
  }

  close(): void {
    this.stopped = true;
    this.socket?.close(1000);
  }

  private write(text: string): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return; // sent again once reconnected
    this.socket.send(JSON.stringify({ type: 'message', text, clientId: text }));
  }

  private receive(frame: Frame): void {
    if (frame.type === 'error') this.tally.refused++;
    if (frame.type === 'ack' && frame.clientId) this.unacked.delete(frame.clientId);
    const text = frame.type === 'message' ? frame.message?.text : undefined;
    if (!text?.startsWith(this.spec.other)) return;
    this.tally.delivered(text);
    this.spec.onOther?.(text);
  }

  /** After a (re)connect: the other side's messages said meanwhile arrive; own ones not stored go again. */
  private recover(history: { text: string }[]): void {
    const stored = new Set(history.map((message) => message.text));
    for (const text of stored) if (text.startsWith(this.spec.other)) this.tally.delivered(text);
    for (const text of this.unacked) {
      if (stored.has(text)) {
        this.unacked.delete(text);
        continue;
      }
      this.tally.resent++;
      this.write(text);
    }
  }
}

/** A support agent written into the shop's D1 and signed in on the console's form: their session cookie. */
async function agentSession(origin: string, stateDir: string): Promise<string> {
  process.env.PASSWORD_PEPPER = TEST_SECRETS.PASSWORD_PEPPER; // the served shop's pepper
  const agent = await writeStaff(
    { stateDir },
    { email: `bench-agent-${Date.now()}@staff.test`, name: 'Bench Agent', role: 'support' },
  );
  const { code } = await currentCode(agent.totpSecret);
  const response = await fetch(`${origin}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': '10.9.9.9' },
    body: new URLSearchParams({ email: agent.email, password: agent.password, code }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('staff_session='));
  if (response.status !== 303 || !cookie) throw new Error(`bench agent sign-in failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

interface BenchConversation {
  id: string;
  index: number;
  shopper: ChatSide;
  agent: ChatSide;
}

/** Starts conversation `index` as its own visitor and IP, and connects its shopper and the agent. */
async function startConversation(
  options: ChatLoadOptions,
  tally: Tally,
  staffCookie: string,
  index: number,
): Promise<BenchConversation> {
  const ws = options.origin.replace(/^http/, 'ws');
  const ip = `10.${20 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;
  const visitor = `visitor_key=${crypto.randomUUID()}`;
  const started = await fetch(`${options.origin}/customer/public/online-customer/conversation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip, cookie: visitor },
    body: JSON.stringify({ page: '/', name: `Bench ${index}` }),
  });
  const answer = (await started.json()) as { data?: { token: string; conversationId: string }; msg?: string };
  if (!answer.data) throw new Error(`chat ${index} did not start: ${started.status} ${answer.msg}`);
  const { token, conversationId } = answer.data;
  const shopper = new ChatSide(tally, {
    url: `${ws}/customer/public/online-customer/conversation/socket?token=${encodeURIComponent(token)}`,
    headers: { 'cf-connecting-ip': ip, cookie: visitor },
    own: 's ',
    other: 'a ',
  });
  const agent: ChatSide = new ChatSide(tally, {
    url: `${ws}/admin/chat/${conversationId}/socket`,
    headers: { cookie: staffCookie },
    own: 'a ',
    other: 's ',
    // The agent answers every shopper message at once.
    onOther: (text) => agent.send(`a ${text.slice(2)}`),
  });
  await Promise.all([shopper.connect(), agent.connect()]);
  return { id: conversationId, index, shopper, agent };
}

/** Runs the load and answers its figures. */
export async function benchChat(options: ChatLoadOptions): Promise<ChatLoadFigures> {
  const staffCookie = await agentSession(options.origin, options.stateDir);
  const tally = new Tally();
  const presence = await new Promise<WebSocket>((resolve, reject) => {
    const url = `${options.origin.replace(/^http/, 'ws')}/admin/chat/presence`;
    const socket = new WebSocket(url, { headers: { cookie: staffCookie } } as never);
    socket.addEventListener('open', () => resolve(socket));
    socket.addEventListener('error', () => reject(new Error('the bench agent could not connect its presence')));
  });

  const chats: BenchConversation[] = [];
  for (let first = 0; first < options.conversations; first += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, options.conversations - first) }, (_, i) => first + i);
    chats.push(...(await Promise.all(batch.map((index) => startConversation(options, tally, staffCookie, index)))));
  }

  const end = Date.now() + options.seconds * 1000;
  await Promise.all(
    chats.map(async (chat) => {
      // Spread the conversations over the interval, so the load is steady rather than in waves.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * SHOPPER_EVERY_MS));
      for (let n = 0; Date.now() < end; n++) {
        chat.shopper.send(`s ${chat.index} ${n}`);
        await new Promise((resolve) => setTimeout(resolve, SHOPPER_EVERY_MS));
      }
    }),
  );
  const drainUntil = Date.now() + DRAIN_MS;
  while (tally.sentAt.size > 0 && Date.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const chat of chats) {
    chat.shopper.close();
    chat.agent.close();
  }
  presence.close(1000);

  const storedInD1 = await storedMessages(
    options.stateDir,
    chats.map((chat) => chat.id),
  );
  const latencies = tally.latencies.sort((a, b) => a - b);
  return {
    conversations: chats.length,
    sent: tally.sent,
    received: latencies.length,
    lost: tally.sent - latencies.length,
    refused: tally.refused,
    dropped: tally.dropped,
    resent: tally.resent,
    storedInD1,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
  };
}

/** The shoppers' and agents' messages D1 holds for these conversations. */
async function storedMessages(stateDir: string, conversationIds: string[]): Promise<number> {
  const ids = conversationIds.map((id) => `'${id.replace(/[^0-9a-f]/g, '')}'`).join(',');
  const [answer] = await wranglerJson<{ results: { n: number }[] }[]>([
    'd1',
    'execute',
    'DB',
    '--local',
    '--persist-to',
    stateDir,
    '--json',
    '--command',
    `SELECT COUNT(*) AS n FROM chat_message WHERE author_kind != 'system' AND conversation_id IN (${ids})`,
  ]);
  return answer?.results[0]?.n ?? 0;
}

/** The figures as the bench prints them. */
export function chatFiguresText(figures: ChatLoadFigures, seconds: number): string {
  return [
    `\nlive chat load: ${figures.conversations} concurrent conversations for ${seconds} s on real WebSockets ` +
      `(each shopper writes every ${SHOPPER_EVERY_MS / 1000} s, the agent answers each at once)`,
    `conversations: ${figures.conversations}`,
    `messages sent: ${figures.sent}`,
    `messages received: ${figures.received}`,
    `lost: ${figures.lost}${figures.refused ? ` (refused by the chat: ${figures.refused})` : ''}`,
    `stored in D1: ${figures.storedInD1}`,
    `dropped connections (reopened): ${figures.dropped}, messages sent again after a drop: ${figures.resent}`,
    `p95 latency ms: ${figures.p95.toFixed(1)} (p50 ${figures.p50.toFixed(1)})`,
  ].join('\n');
}
