import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartChatAnswer } from '../../shared/api/chat.ts';
import { CHAT_LIMITS, CHAT_MSG, type ChatServerFrame } from '../../shared/chat.ts';
import { json } from './account-helpers.ts';
import { staffSession } from './admin-helpers.ts';
import { CHAT } from './chat-helpers.ts';
import { api, shop, US_HOST } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;

/** A test's end of a socket: the frames it got, and whether (and how) the other side closed it. */
class End {
  readonly frames: ChatServerFrame[] = [];
  closed: { code: number; reason: string } | null = null;
  readonly ws: WebSocket;
  constructor(ws: WebSocket) {
    this.ws = ws;
    ws.accept();
    ws.addEventListener('message', (event) => this.frames.push(JSON.parse(event.data as string)));
    ws.addEventListener('close', (event) => {
      this.closed = { code: event.code, reason: event.reason };
    });
  }
  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }
  count(type: ChatServerFrame['type']) {
    return this.frames.filter((frame) => frame.type === type).length;
  }
  async until(test: () => boolean, what: string) {
    for (let i = 0; i < 100; i++) {
      if (test()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }
  close() {
    try {
      this.ws.close(1000);
    } catch {
      // Closed by the other side already.
    }
  }
}

const socketUrl = (token: string) => `${CHAT}/conversation/socket?token=${encodeURIComponent(token)}`;

/** Opens a socket from an IP: the End when it opened, else the refusal. */
async function open(url: string, headers: Record<string, string>) {
  const response = await shop(url, { redirect: 'manual', headers: { upgrade: 'websocket', ...headers } });
  if (response.status === 101) return { end: new End(response.webSocket!), status: 101, msg: null };
  const text = await response.text();
  const msg = text.startsWith('{') ? (JSON.parse(text) as { msg: string }).msg : text;
  return { end: null, status: response.status, msg };
}
const shopper = (token: string, ip: string) => open(socketUrl(token), { 'cf-connecting-ip': ip });

const opened: End[] = [];
/** Every socket a test opened is closed after the file, so the next files start with none. */
function keep(end: End | null) {
  if (end) opened.push(end);
  return end;
}

async function startChat(): Promise<StartChatAnswer> {
  const { status, body } = await api<StartChatAnswer>(`${CHAT}/conversation`, json('POST', { page: '/' }));
  expect(status).toBe(200);
  return body.data;
}

let agent: Session;
let presence: End;

beforeAll(async () => {
  agent = await staffSession('support');
  presence = keep((await open(`${US_HOST}/admin/chat/presence`, agent.headers)).end)!;
  await presence.until(() => presence.count('roster' as ChatServerFrame['type']) > 0, 'the roster');
});
afterAll(async () => {
  for (const end of opened) end.close();
  // The objects give the IPs' places back as the closes arrive: let them finish before the file ends.
  for (let i = 0; i < 100 && opened.some((end) => end.closed === null); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 500));
});

describe('typing and read frames are limited per socket', () => {
  it('typing beyond a typist’s pace is dropped, not broadcast; the socket keeps working', async () => {
    const chat = await startChat();
    const from = keep((await shopper(chat.token, '198.51.100.1')).end)!;
    const desk = keep((await open(`${US_HOST}/admin/chat/${chat.conversationId}/socket`, agent.headers)).end)!;
    await desk.until(() => desk.count('history') === 1, 'the history');
    for (let i = 0; i < 40; i++) from.send({ type: 'typing' });
    from.send({ type: 'message', text: 'Still here', clientId: 'after-typing' });
    await desk.until(() => desk.count('message') === 1, 'the message after the typing');
    expect(desk.count('typing')).toBe(CHAT_LIMITS.signalsPerWindow);
    expect(from.closed).toBeNull();
    expect(from.frames.some((frame) => frame.type === 'ack' && frame.clientId === 'after-typing')).toBe(true);
  });

  it('a socket that floods frames is closed (1008) and its IP’s place is given back', async () => {
    const chat = await startChat();
    const ip = '198.51.100.2';
    const from = keep((await shopper(chat.token, ip)).end)!;
    await from.until(() => from.count('history') === 1, 'the history');
    for (let i = 0; i < CHAT_LIMITS.framesPerWindow + 40; i++) from.send({ type: 'read', seq: 1 });
    await from.until(() => from.closed !== null, 'the close');
    expect(from.closed?.code).toBe(1008);
    const leases = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`chat-sockets:ip:${ip}`));
    // A lease with a limit of one is granted only when the IP holds no other.
    let free = false;
    for (let i = 0; i < 40 && !free; i++) {
      free = (await leases.lease(1, { id: 'probe', holder: chat.conversationId })).granted;
      if (!free) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(free).toBe(true);
    await leases.release(['probe']);
    const again = keep((await shopper(chat.token, ip)).end);
    expect(again).not.toBeNull();
  });
});

describe('sockets are capped per conversation and per IP', () => {
  it('a conversation takes its cap of shopper sockets; one more is refused until one closes', async () => {
    const chat = await startChat();
    const ends: End[] = [];
    for (let i = 0; i < CHAT_LIMITS.shopperSocketsPerConversation; i++) {
      const { end } = await shopper(chat.token, `198.51.100.${10 + i}`);
      expect(end).not.toBeNull();
      ends.push(keep(end)!);
    }
    const refused = await shopper(chat.token, '198.51.100.30');
    expect(refused.status).toBe(429);
    expect(refused.msg).toBe(CHAT_MSG.tooManySockets);
    ends[0]!.close();
    let reopened: Awaited<ReturnType<typeof shopper>> = refused;
    for (let i = 0; i < 40 && reopened.status !== 101; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reopened = await shopper(chat.token, '198.51.100.30');
    }
    expect(reopened.status).toBe(101);
    keep(reopened.end);
    // Agents are staff, counted apart: the full conversation still takes the desk's socket.
    expect((await open(`${US_HOST}/admin/chat/${chat.conversationId}/socket`, agent.headers)).status).toBe(101);
  });

  it('100 sockets opened at once on one conversation: exactly the cap is accepted', async () => {
    const chat = await startChat();
    const tries = await Promise.all(Array.from({ length: 100 }, (_, i) => shopper(chat.token, `198.51.101.${i + 1}`)));
    for (const attempt of tries) keep(attempt.end);
    expect(tries.filter((attempt) => attempt.status === 101)).toHaveLength(CHAT_LIMITS.shopperSocketsPerConversation);
    expect(tries.filter((attempt) => attempt.status === 429)).toHaveLength(
      100 - CHAT_LIMITS.shopperSocketsPerConversation,
    );
  }, 120_000);

  it('one IP holds at most its cap of sockets over every conversation, even asked 100 times at once', async () => {
    const ip = '198.51.100.99';
    const chats = await Promise.all(Array.from({ length: 20 }, () => startChat()));
    const tries = await Promise.all(Array.from({ length: 100 }, (_, i) => shopper(chats[i % chats.length]!.token, ip)));
    for (const attempt of tries) keep(attempt.end);
    expect(tries.filter((attempt) => attempt.status === 101)).toHaveLength(CHAT_LIMITS.shopperSocketsPerIp);
    expect(tries.every((attempt) => attempt.status === 101 || attempt.status === 429)).toBe(true);
    // Another IP is not held back by this one.
    expect((await shopper(chats[0]!.token, '198.51.100.98')).status).toBe(101);
  }, 120_000);

  it('a place held by a socket that is gone without a close is taken back', async () => {
    const ip = '198.51.100.97';
    const leases = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`chat-sockets:ip:${ip}`));
    const gone = await startChat();
    for (let i = 0; i < CHAT_LIMITS.shopperSocketsPerIp; i++)
      await leases.lease(CHAT_LIMITS.shopperSocketsPerIp, { id: `dropped-${i}`, holder: gone.conversationId });
    const chat = await startChat();
    const attempt = await shopper(chat.token, ip);
    keep(attempt.end);
    expect(attempt.status).toBe(101);
  });

  it('an agent holds at most its cap of inbox sockets, and a flooding one is closed', async () => {
    const desk = await staffSession('support');
    const tabs: End[] = [];
    for (let i = 0; i < CHAT_LIMITS.presenceSocketsPerAgent; i++) {
      const { end } = await open(`${US_HOST}/admin/chat/presence`, desk.headers);
      tabs.push(keep(end)!);
    }
    const refused = await open(`${US_HOST}/admin/chat/presence`, desk.headers);
    expect(refused.status).toBe(429);
    const flooding = tabs[0]!;
    for (let i = 0; i < CHAT_LIMITS.framesPerWindow + 40; i++) flooding.send({ presence: i % 2 ? 'online' : 'away' });
    await flooding.until(() => flooding.closed !== null, 'the close');
    expect(flooding.closed?.code).toBe(1008);
  });
});
