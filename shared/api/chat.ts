import * as z from 'zod';
import {
  AGENT_PRESENCES,
  AUTHOR_KINDS,
  CHAT_LIMITS,
  CHAT_MSG,
  CONVERSATION_STATUSES,
  DEFAULT_SUPPORT_HOURS,
  TICKET_TOPICS,
} from '../chat.ts';
import { emailProblem, trimInput } from '../validation.ts';

/** The live chat and help desk calls (issue 24), shared by the Worker that validates them and the browser. */

const minuteOfDay = z.number().int().min(0).max(1440);

/** The shop setting LIVE_CHAT: every field has a default, so a bad value never takes chat down. */
export const liveChatSettingsSchema = z
  .object({
    welcomeText: z.string().max(300).catch('Hi! How can we help you with your vehicle today?'),
    hours: z
      .object({
        text: z.string().max(80),
        timeZone: z.string().refine((zone) => {
          try {
            new Intl.DateTimeFormat('en-US', { timeZone: zone });
            return true;
          } catch {
            return false;
          }
        }),
        weekly: z.array(z.tuple([minuteOfDay, minuteOfDay]).nullable()).length(7),
      })
      .catch(DEFAULT_SUPPORT_HOURS),
    /** Minutes an agent spends on a chat, for the expected wait. */
    minutesPerChat: z.number().int().min(1).max(120).catch(3),
    /** Hours within which an offline message or feedback gets its answer. */
    replyWithinHours: z.number().int().min(1).max(168).catch(24),
  })
  .catch({
    welcomeText: 'Hi! How can we help you with your vehicle today?',
    hours: DEFAULT_SUPPORT_HOURS,
    minutesPerChat: 3,
    replyWithinHours: 24,
  });
export type LiveChatSettings = z.infer<typeof liveChatSettingsSchema>;

const email = z
  .string()
  .transform((value) => trimInput(value).toLowerCase())
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const token = z.string().min(20).max(300);
const text = (max: number, tooLong: string) =>
  z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().min(1, CHAT_MSG.messageEmpty).max(max, tooLong));

/** GET /customer/public/online-customer/config (§7). */
export const chatConfigAnswer = z.object({
  online: z.boolean(),
  withinHours: z.boolean(),
  supportHours: z.string(),
  expectedWaitMinutes: z.number().int().nullable(),
  welcomeText: z.string(),
  replyWithinHours: z.number().int(),
  /** The signed-in member's email, to prefill the offline form. */
  email: z.string().nullable(),
});

/** A vehicle node id as the garage keeps it (a model year, trim or engine). */
const vehicleNodeId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31);

export const startChatBody = z.object({
  name: z.string().trim().max(CHAT_LIMITS.nameChars).optional(),
  email: email.optional(),
  page: z.string().max(CHAT_LIMITS.pageChars).startsWith('/').optional(),
  vehicle: z.string().max(120).optional(),
  /** The shopper's chosen vehicle (the garage's current one): the server names it from the vehicle base. */
  attributeValueId: vehicleNodeId.optional(),
});
/** The launcher on each new page of an open chat: where the shopper is and the vehicle they have chosen. */
export const chatContextBody = z.object({
  token,
  page: z.string().max(CHAT_LIMITS.pageChars).startsWith('/').optional(),
  vehicle: z.string().max(120).optional(),
  attributeValueId: vehicleNodeId.optional(),
});
export const startChatAnswer = z.object({
  conversationId: z.string(),
  token: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
});

export const chatMessageSchema = z.object({
  seq: z.number().int(),
  author: z.enum(AUTHOR_KINDS),
  authorName: z.string().nullable(),
  text: z.string(),
  createdAt: z.number().int(),
  image: z.object({ name: z.string() }).optional(),
});
export const tokenQuery = z.object({ token });
export const historyAnswer = z.object({
  conversationId: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  agentName: z.string().nullable(),
  rating: z.number().int().nullable(),
  messages: z.array(chatMessageSchema),
});

export const endChatBody = z.object({
  token,
  rating: z
    .number({ message: CHAT_MSG.ratingInvalid })
    .int(CHAT_MSG.ratingInvalid)
    .min(1, CHAT_MSG.ratingInvalid)
    .max(5, CHAT_MSG.ratingInvalid),
  comment: z.string().trim().max(CHAT_LIMITS.commentChars).optional(),
});
export const transcriptBody = z.object({ token, email: email.optional() });

export const ticketBody = z.object({
  topic: z.enum(TICKET_TOPICS).default('Other'),
  orderNumber: z
    .string()
    .trim()
    .max(CHAT_LIMITS.orderNumberChars)
    .regex(/^[A-Za-z0-9-]*$/, 'Please enter the order number as it appears in your confirmation email.')
    .optional(),
  email,
  message: text(CHAT_LIMITS.ticketChars, `Only can enter up to ${CHAT_LIMITS.ticketChars} characters`),
  source: z.enum(['chat', 'feedback']).default('chat'),
});
export const ticketAnswer = z.object({
  ticketId: z.number().int(),
  replyWithinHours: z.number().int(),
  msg: z.string(),
});

export const agentPresenceSchema = z.enum(AGENT_PRESENCES);

export type ChatConfig = z.infer<typeof chatConfigAnswer>;
export type StartChatBody = z.input<typeof startChatBody>;
export type StartChatAnswer = z.infer<typeof startChatAnswer>;
export type ChatContextBody = z.input<typeof chatContextBody>;
export type TokenQuery = z.input<typeof tokenQuery>;
export type HistoryAnswer = z.infer<typeof historyAnswer>;
export type EndChatBody = z.input<typeof endChatBody>;
export type TranscriptBody = z.input<typeof transcriptBody>;
export type TicketBody = z.input<typeof ticketBody>;
export type TicketAnswer = z.infer<typeof ticketAnswer>;
