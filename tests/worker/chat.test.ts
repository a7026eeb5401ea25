import { env, evictDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatConfig, HistoryAnswer, StartChatAnswer, TicketAnswer } from '../../shared/api/chat.ts';
import { CHAT_LIMITS, CHAT_MSG, type ChatServerFrame, type PresenceFrame } from '../../shared/chat.ts';
import { outboxMessages } from '../../worker/platform/email.ts';
import { json } from './account-helpers.ts';
import { staffSession } from './admin-helpers.ts';
import { api, shop, US_HOST } from './helpers.ts';

const CHAT = `${US_HOST}/customer/public/online-customer`;
type Session = Awaited<ReturnType<typeof staffSession>>;

type Frame = ChatServerFrame | PresenceFrame;

/** A test's end of a WebSocket: every frame it received, and a way to wait for the next that matches. */
class Socket {
  readonly frames: Frame[] = [];
  private waiters: { test: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];

  readonly socket: WebSocket;

  constructor(socket: WebSocket) {
    this.socket = socket;
    socket.accept();
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(event.data as string) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
  }

  /** The first frame received (or still to come) that matches. */
  next<T extends Frame['type']>(type: T, test: (frame: Extract<Frame, { type: T }>) => boolean = () => true) {
    const matches = (frame: Frame) => frame.type === type && test(frame as Extract<Frame, { type: T }>);
    const seen = this.frames.find(matches);
    if (seen) return Promise.resolve(seen as Extract<Frame, { type: T }>);
    return new Promise<Extract<Frame, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} frame`)), 5000);
      this.waiters.push({
        test: matches,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame as Extract<Frame, { type: T }>);
        },
      });
    });
  }

  send(frame: object) {
    this.socket.send(JSON.stringify(frame));
  }

  /** The texts of the chat messages received, in the order they came. */
  texts() {
    return this.frames.flatMap((frame) => (frame.type === 'message' ? [frame.message.text] : []));
  }

  seqs() {
    return this.frames.flatMap((frame) => (frame.type === 'message' ? [frame.message.seq] : []));
  }
}

async function open(url: string, headers: Record<string, string> = {}) {
  const response = await shop(url, { redirect: 'manual', headers: { upgrade: 'websocket', ...headers } });
  return response;
}

async function connect(url: string, headers: Record<string, string> = {}) {
  const response = await open(url, headers);
  expect(response.status).toBe(101);
  return new Socket(response.webSocket!);
}

const shopperSocket = (token: string) => connect(`${CHAT}/conversation/socket?token=${encodeURIComponent(token)}`);
const agentSocket = (agent: Session, conversationId: string) =>
  connect(`${US_HOST}/admin/chat/${conversationId}/socket`, agent.headers);
const presenceSocket = (agent: Session) => connect(`${US_HOST}/admin/chat/presence`, agent.headers);

const config = async () => (await api<ChatConfig>(`${CHAT}/config`)).body.data;
const start = (body: object = { page: '/product/brake-pads', name: 'Sam' }, ip?: string) =>
  api<StartChatAnswer>(`${CHAT}/conversation`, json('POST', body, ip ? { 'cf-connecting-ip': ip } : {}));

let agentA: Session;
let agentB: Session;
let presence: Socket;
/** The order the first exchange's messages were stored in, as every participant saw it. */
let firstOrder: string[] = [];

beforeAll(async () => {
  agentA = await staffSession('support');
  agentB = await staffSession('owner');
});

describe('live chat offline (no agent online)', () => {
  it('the config call says chat is offline, with the support hours, welcome text and reply time', async () => {
    const answer = await api<ChatConfig>(`${CHAT}/config`);
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.data).toMatchObject({
      online: false,
      withinHours: true,
      supportHours: 'Mon-Sun, 7*24h',
      expectedWaitMinutes: null,
      replyWithinHours: 24,
      email: null,
    });
    expect(answer.body.data.welcomeText.length).toBeGreaterThan(0);
  });

  it('refuses to start a chat and says to leave a message instead', async () => {
    const { status, body } = await start();
    expect(status).toBe(409);
    expect(body.msg).toBe(CHAT_MSG.offline);
  });

  it('a message with email becomes a ticket, confirmed by email with when to expect a reply', async () => {
    const email = 'offline.shopper@example.com';
    const { status, body } = await api<TicketAnswer>(
      `${CHAT}/ticket`,
      json('POST', { email, message: 'Do these pads fit a 2016 F-150?', topic: 'Fitment question' }),
    );
    expect(status).toBe(200);
    expect(body.data.ticketId).toBeGreaterThan(0);
    expect(body.data.msg).toBe(`Thanks. We have your message and will reply to ${email} within 24 hours.`);
    const [mail] = await outboxMessages(env.DB, email);
    expect(mail?.subject).toBe(`We have your message (#${body.data.ticketId})`);
    // Anyone can type any address here: the message is repeated only to a signed-in member's own (chat-mail.test.ts).
    expect(mail?.text_body ?? '').not.toContain('Do these pads fit a 2016 F-150?');
    expect(mail?.text_body ?? '').toContain('http://us.shop.localhost:8787/help');
  });

  it('a ticket without a valid email or message is a clear 400', async () => {
    const noEmail = await api(`${CHAT}/ticket`, json('POST', { email: 'not-an-email', message: 'Hello' }));
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.msg).toBe('email Provide a valid email address.');
    const empty = await api(`${CHAT}/ticket`, json('POST', { email: 'a@example.com', message: '   ' }));
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe(`message ${CHAT_MSG.messageEmpty}`);
  });
});

describe('live chat online', () => {
  let chat: StartChatAnswer;

  beforeAll(async () => {
    presence = await presenceSocket(agentA);
    await presence.next('roster', (frame) => frame.agents.length === 1);
  });

  it('the config call says chat is online once an agent is, with the expected wait', async () => {
    expect(await config()).toMatchObject({ online: true, expectedWaitMinutes: 0 });
  });

  it('an agent who sets themselves away takes no chats: chat shows as offline', async () => {
    presence.send({ presence: 'away' });
    await presence.next('roster', (frame) => frame.agents[0]?.presence === 'away');
    expect((await config()).online).toBe(false);
    presence.send({ presence: 'online' });
    await presence.next('roster', (frame) => frame.agents[0]?.presence === 'online');
    expect((await config()).online).toBe(true);
  });

  it('starts a conversation, tells the online agents, and answers a signed token', async () => {
    const { status, body } = await start();
    expect(status).toBe(200);
    chat = body.data;
    expect(chat.status).toBe('WAITING');
    expect(chat.token.startsWith(`${chat.conversationId}.`)).toBe(true);
    await presence.next('waiting', (frame) => frame.conversationId === chat.conversationId);
    expect((await config()).expectedWaitMinutes).toBe(3);
  });

  it('two agents and the shopper see every message, in one order, each stored before its acknowledgement', async () => {
    const shopper = await shopperSocket(chat.token);
    const first = await agentSocket(agentA, chat.conversationId);
    const second = await agentSocket(agentB, chat.conversationId);
    for (const socket of [shopper, first, second]) expect((await socket.next('history')).messages).toEqual([]);

    const sent = [
      [shopper, 'Hi, do you have rotors for a 2018 Civic?'],
      [first, 'Yes, which trim?'],
      [second, 'I can help too.'],
      [shopper, 'The EX trim.'],
      [first, 'Then part 42-118 fits.'],
      [shopper, 'Great, thanks!'],
    ] as const;
    sent.forEach(([socket, text], i) => {
      socket.send({ type: 'message', text, clientId: `c${i}` });
    });
    const acks = await Promise.all(
      sent.map(([socket], i) => socket.next('ack', (frame) => frame.clientId === `c${i}`)),
    );
    for (const socket of [shopper, first, second]) await socket.next('message', (frame) => frame.message.seq === 6);

    const order = shopper.texts();
    firstOrder = order;
    expect([...order].sort()).toEqual(sent.map(([, text]) => text).sort());
    expect(first.texts()).toEqual(order);
    expect(second.texts()).toEqual(order);
    expect(shopper.seqs()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(acks.map((ack) => ack.seq).sort()).toEqual([1, 2, 3, 4, 5, 6]);

    const { results } = await env.DB.prepare(
      'SELECT seq, text FROM chat_message WHERE conversation_id = ? ORDER BY seq',
    )
      .bind(chat.conversationId)
      .all<{ seq: number; text: string }>();
    expect(results.map((row) => row.text)).toEqual(order);
    const stored = await env.DB.prepare('SELECT status, agent_id AS agentId FROM chat_conversation WHERE id = ?')
      .bind(chat.conversationId)
      .first<{ status: string; agentId: number }>();
    expect(stored?.status).toBe('ACTIVE');
    for (const socket of [shopper, first, second]) socket.socket.close(1000);
  });

  it('typing indicators and read receipts reach the other side and are not stored', async () => {
    const shopper = await shopperSocket(chat.token);
    const agent = await agentSocket(agentA, chat.conversationId);
    await agent.next('history');
    shopper.send({ type: 'typing' });
    expect(await agent.next('typing')).toMatchObject({ author: 'shopper' });
    agent.send({ type: 'read', seq: 6 });
    expect(await shopper.next('read')).toMatchObject({ author: 'agent', seq: 6 });
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM chat_message WHERE conversation_id = ?')
      .bind(chat.conversationId)
      .first<{ n: number }>();
    expect(count?.n).toBe(6);
    shopper.socket.close(1000);
    agent.socket.close(1000);
  });

  it('markup and scripts are kept as the text the shopper typed, on both sides', async () => {
    const shopper = await shopperSocket(chat.token);
    const agent = await agentSocket(agentA, chat.conversationId);
    const markup = '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b>';
    shopper.send({ type: 'message', text: markup, clientId: 'markup' });
    const received = await agent.next(
      'message',
      (frame) => frame.message.author === 'shopper' && frame.message.seq === 7,
    );
    expect(received.message.text).toBe(markup);
    const history = await api<HistoryAnswer>(`${CHAT}/conversation?token=${encodeURIComponent(chat.token)}`);
    expect(history.body.data.messages.at(-1)?.text).toBe(markup);
    shopper.socket.close(1000);
    agent.socket.close(1000);
  });

  it('a message over the length limit or empty is refused with a clear error, and not stored', async () => {
    const shopper = await shopperSocket(chat.token);
    shopper.send({ type: 'message', text: 'x'.repeat(CHAT_LIMITS.messageChars + 1), clientId: 'long' });
    expect((await shopper.next('error', (frame) => frame.clientId === 'long')).msg).toBe(CHAT_MSG.messageTooLong);
    shopper.send({ type: 'message', text: '   ', clientId: 'blank' });
    expect((await shopper.next('error', (frame) => frame.clientId === 'blank')).msg).toBe(CHAT_MSG.messageEmpty);
    shopper.send({ type: 'nonsense' });
    expect((await shopper.next('error', (frame) => !frame.clientId)).msg).toBe('Unreadable message');
    const history = await api<HistoryAnswer>(`${CHAT}/conversation?token=${encodeURIComponent(chat.token)}`);
    expect(history.body.data.messages).toHaveLength(7);
    shopper.socket.close(1000);
  });

  it('a reconnect (dropped connection, another page) reloads the whole history in order', async () => {
    const again = await shopperSocket(chat.token);
    const history = await again.next('history');
    expect(history.status).toBe('ACTIVE');
    expect(history.messages.map((message) => message.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(history.messages.slice(0, 6).map((message) => message.text)).toEqual(firstOrder);
    again.socket.close(1000);
  });

  it('after hibernation the conversation wakes with its sockets and keeps numbering in order', async () => {
    const shopper = await shopperSocket(chat.token);
    const agent = await agentSocket(agentA, chat.conversationId);
    await agent.next('history');
    const stub = env.CHAT_CONVERSATION.get(env.CHAT_CONVERSATION.idFromName(chat.conversationId));
    await evictDurableObject(stub);
    agent.send({ type: 'message', text: 'Still there?', clientId: 'after-wake' });
    expect((await agent.next('ack', (frame) => frame.clientId === 'after-wake')).seq).toBe(8);
    const woken = await shopper.next('message', (frame) => frame.message.seq === 8);
    expect(woken.message).toMatchObject({ text: 'Still there?', author: 'agent', authorName: expect.any(String) });
    shopper.socket.close(1000);
    agent.socket.close(1000);
  });

  it('a wrong, forged or missing token opens nothing', async () => {
    const [id, expires] = chat.token.split('.');
    const forged = `${id}.${expires}.${'A'.repeat(43)}`;
    const other = `${'0'.repeat(32)}.${expires}.${chat.token.split('.')[2]}`;
    for (const token of [forged, other, 'nonsense', '']) {
      const socket = await open(`${CHAT}/conversation/socket?token=${encodeURIComponent(token)}`);
      expect(socket.status).toBe(403);
      expect(socket.webSocket).toBeNull();
    }
    const history = await api(`${CHAT}/conversation?token=${encodeURIComponent(forged)}`);
    expect(history.status).toBe(403);
    expect(history.body.msg).toBe(CHAT_MSG.tokenInvalid);
    expect((await api(`${CHAT}/conversation`)).status).toBe(400);
  });

  it("an agent's socket needs a staff session whose role may chat", async () => {
    const anonymous = await open(`${US_HOST}/admin/chat/${chat.conversationId}/socket`);
    expect(anonymous.webSocket).toBeNull();
    expect(anonymous.status).toBe(302);
    const fulfilment = await staffSession('fulfilment');
    const refused = await open(`${US_HOST}/admin/chat/${chat.conversationId}/socket`, fulfilment.headers);
    expect(refused.status).toBe(403);
    const crossSite = await open(`${US_HOST}/admin/chat/${chat.conversationId}/socket`, {
      ...agentA.headers,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
  });

  it("a guest's transcript is emailed with the agents' messages, links on the configured origin", async () => {
    const email = 'chat.shopper@example.com';
    const { status, body } = await api(`${CHAT}/conversation/transcript`, json('POST', { token: chat.token, email }));
    expect(status).toBe(200);
    expect(body.msg).toBe(CHAT_MSG.transcriptSent);
    const [mail] = await outboxMessages(env.DB, email);
    expect(mail?.text_body ?? '').toContain('Then part 42-118 fits.');
    expect(mail?.text_body ?? '').toContain('Still there?');
    expect(mail?.text_body ?? '').toContain('http://us.shop.localhost:8787/help');
    // A guest's address is unverified: the shopper's own lines (and their markup) stay out (chat-mail.test.ts).
    expect(mail?.text_body ?? '').not.toContain('Hi, do you have rotors for a 2018 Civic?');
    expect(mail?.html_body ?? '').not.toContain('<script>');
  });

  it('ends with a rating from 1 to 5 and a comment; the closed chat takes no more messages', async () => {
    const shopper = await shopperSocket(chat.token);
    await shopper.next('history');
    const bad = await api(`${CHAT}/conversation/end`, json('POST', { token: chat.token, rating: 6 }));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(`rating ${CHAT_MSG.ratingInvalid}`);
    const ended = await api<HistoryAnswer>(
      `${CHAT}/conversation/end`,
      json('POST', { token: chat.token, rating: 5, comment: 'Quick and right.' }),
    );
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'CLOSED', rating: 5 });
    expect((await shopper.next('status', (frame) => frame.status === 'CLOSED')).status).toBe('CLOSED');
    shopper.send({ type: 'message', text: 'One more thing', clientId: 'late' });
    expect((await shopper.next('error', (frame) => frame.clientId === 'late')).msg).toBe(CHAT_MSG.closed);
    await presence.next('closed', (frame) => frame.conversationId === chat.conversationId);
    shopper.socket.close(1000);
  });

  it('new conversations are rate limited per visitor and per IP', async () => {
    const ip = '198.51.100.77';
    const cookie = { cookie: 'visitor_key=chat-rate-limit-visitor' };
    const answers = [];
    for (let i = 0; i <= CHAT_LIMITS.conversationsPerVisitorHour; i++) {
      answers.push(await api(`${CHAT}/conversation`, json('POST', {}, { 'cf-connecting-ip': ip, ...cookie })));
    }
    expect(answers.slice(0, -1).every((answer) => answer.status === 200)).toBe(true);
    expect(answers.at(-1)?.status).toBe(429);
  });
});
