/**
 * Live chat and the help desk (issue 24): statuses, limits, the socket protocol and the shopper's
 * messages, written once for the Worker, the launcher island and the back office. No zod here: the
 * launcher imports it, and its contracts live in shared/api/chat.ts.
 */

export const CONVERSATION_STATUSES = ['WAITING', 'ACTIVE', 'CLOSED'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const TICKET_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const AUTHOR_KINDS = ['shopper', 'agent', 'system'] as const;
export type AuthorKind = (typeof AUTHOR_KINDS)[number];

/** An agent's presence: online takes chats, away keeps their chats but takes no new ones, offline is not connected. */
export const AGENT_PRESENCES = ['online', 'away', 'offline'] as const;
export type AgentPresence = (typeof AGENT_PRESENCES)[number];

/** Where a ticket came from: the offline chat launcher or the feedback form. */
export const TICKET_SOURCES = ['chat', 'feedback'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];

/** The topics of the feedback form and of an offline message. */
export const TICKET_TOPICS = [
  'Order status',
  'Fitment question',
  'Returns and refunds',
  'Payment',
  'Website feedback',
  'Other',
] as const;
export type TicketTopic = (typeof TICKET_TOPICS)[number];

/** The DOM event that opens the chat launcher (the footer's "Live chat", the §8 network-error notice). */
export const CHAT_OPEN_EVENT = 'shop:open-chat';
/** Elements that open the launcher when clicked (the footer's "Live chat" link carries it). */
export const CHAT_OPEN_ATTRIBUTE = 'data-live-chat';
/** Where the browser keeps the open conversation's token, so a reload or another page rejoins it. */
export const CHAT_TOKEN_KEY = 'chat_token';
/** The shopper's socket path; the token goes in its query. */
export const CHAT_SOCKET_PATH = '/customer/public/online-customer/conversation/socket';
/**
 * Where the shopper posts an image into the chat (multipart field `file`, token in the query) and, with
 * `/<seq>`, fetches one. Not an API path: the API takes JSON bodies only.
 */
export const CHAT_ATTACHMENT_PATH = '/chat-images';

/** The shopper's address of an image of their conversation (their token opens it; nobody else's does). */
export const shopperImageUrl = (token: string, seq: number) =>
  `${CHAT_ATTACHMENT_PATH}/${seq}?token=${encodeURIComponent(token)}`;

/** The agent's address of an image of a conversation (a staff session with support.chat opens it). */
export const agentImageUrl = (conversationId: string, seq: number) => `/admin/chat/${conversationId}/images/${seq}`;

export const CHAT_LIMITS = {
  /** Characters in one chat message. */
  messageChars: 2000,
  /** Characters in an offline message or a feedback form's message. */
  ticketChars: 5000,
  /** Characters in the rating's comment. */
  commentChars: 500,
  nameChars: 50,
  orderNumberChars: 40,
  pageChars: 512,
  /** How long a conversation token lets its shopper back in (reconnects, a later page). */
  tokenDays: 7,
  /** Messages a shopper may send in a minute, per conversation and per IP. */
  messagesPerMinute: 30,
  /** New conversations a visitor may start in an hour, and an IP. */
  conversationsPerVisitorHour: 5,
  conversationsPerIpHour: 20,
  /** Tickets an IP may open in an hour (offline messages and the feedback form). */
  ticketsPerIpHour: 10,
  /** Transcripts one conversation may email in an hour. */
  transcriptsPerHour: 3,
  /** Messages a history reload returns at most (the newest). */
  historyMessages: 500,
  /** One socket's window for counting frames. */
  frameWindowMs: 10_000,
  /** Typing and read frames one socket may send in a window; more are dropped (a client sends one every 2 s). */
  signalsPerWindow: 10,
  /** Frames of any kind one socket may send in a window; a socket that sends more is closed (1008). */
  framesPerWindow: 60,
  /** Sockets a shopper may hold open on one conversation (tabs, reconnects). */
  shopperSocketsPerConversation: 5,
  /** Shopper sockets one IP may hold open, over every conversation. */
  shopperSocketsPerIp: 20,
  /** Inbox sockets one agent may hold open (tabs). */
  presenceSocketsPerAgent: 5,
} as const;

export const CHAT_MSG = {
  messageTooLong: `Only can enter up to ${CHAT_LIMITS.messageChars} characters`,
  messageEmpty: 'Please enter a message.',
  offline: 'Our agents are offline right now. Leave a message with your email and we will reply.',
  tokenInvalid: 'This chat has ended or its link has expired. Please start a new chat.',
  closed: 'This chat has ended.',
  rateLimited: 'You are sending messages too quickly. Please wait a moment.',
  ratingInvalid: 'Please choose a rating from 1 to 5.',
  transcriptSent: 'The transcript is on its way to your inbox.',
  notAgent: 'Only staff with the support role can join a chat.',
  ticketNotFound: 'This link is invalid or the ticket has closed.',
  imageMissing: 'Choose an image to attach.',
  tooManySockets: 'This chat is open in too many windows. Close one and try again.',
} as const;

/** What the shopper is told after leaving a message: when to expect the answer. */
export function ticketReceivedMessage(email: string, replyWithinHours: number): string {
  return `Thanks. We have your message and will reply to ${email} within ${replyWithinHours} hours.`;
}

/** One stored message of a conversation, as both sides see it. */
export interface ChatMessage {
  seq: number;
  author: AuthorKind;
  authorName: string | null;
  text: string;
  createdAt: number;
  /** Set when the message is an image (its file name); each side builds the image's address from seq. */
  image?: { name: string };
}

/** What a browser sends on a chat socket. `clientId` lets the sender match the acknowledgement. */
export type ChatClientFrame =
  | { type: 'message'; text: string; clientId: string }
  | { type: 'typing' }
  | { type: 'read'; seq: number };

/** What the conversation sends on a chat socket. */
export type ChatServerFrame =
  | { type: 'history'; status: ConversationStatus; agentName: string | null; messages: ChatMessage[] }
  | { type: 'ack'; clientId: string; seq: number }
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; author: AuthorKind; name: string | null }
  | { type: 'read'; author: AuthorKind; seq: number }
  | { type: 'status'; status: ConversationStatus; agentName: string | null }
  | { type: 'error'; msg: string; clientId?: string };

/** An agent's inbox socket: who, and whether they take new chats. */
export interface AgentSeat {
  staffId: number;
  name: string;
  presence: Exclude<AgentPresence, 'offline'>;
}

/** What the agents' inbox sockets are told: the roster changed, or a conversation needs someone. */
export type PresenceFrame =
  | { type: 'roster'; agents: AgentSeat[] }
  | { type: 'waiting'; conversationId: string; page: string | null; market: string }
  | { type: 'taken'; conversationId: string; agentName: string }
  | { type: 'closed'; conversationId: string };

/** Support hours: the footer's text (§2) and the weekly opening in the shop's time zone. */
export interface SupportHours {
  text: string;
  timeZone: string;
  /** Sunday first: each day's [from, to) in minutes after midnight, or null when closed. */
  weekly: ([number, number] | null)[];
}

const ALWAYS: [number, number] = [0, 1440];

/** The footer's hours (§2 Footer: 'Mon-Sun, 7*24h'): every day, all day. */
export const DEFAULT_SUPPORT_HOURS: SupportHours = {
  text: 'Mon-Sun, 7*24h',
  timeZone: 'America/New_York',
  weekly: [ALWAYS, ALWAYS, ALWAYS, ALWAYS, ALWAYS, ALWAYS, ALWAYS],
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Whether the moment falls inside the support hours, read in their time zone. */
export function withinSupportHours(hours: SupportHours, now: number): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: hours.timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(now));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  const day = hours.weekly[WEEKDAYS.indexOf(part('weekday'))];
  if (!day) return false;
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return minute >= day[0] && minute < day[1];
}

/** Minutes a new shopper should expect to wait: each online agent takes the queue in turn. */
export function expectedWaitMinutes(waiting: number, onlineAgents: number, minutesPerChat: number): number {
  if (onlineAgents <= 0) return 0;
  return Math.ceil(waiting / onlineAgents) * minutesPerChat;
}
