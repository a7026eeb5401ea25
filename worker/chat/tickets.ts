import type { TicketAnswer } from '../../shared/api/chat.ts';
import { CHAT_LIMITS, type TicketSource, ticketReceivedMessage } from '../../shared/chat.ts';
import { enforce } from '../platform/rate-limit.ts';
import { imageTypeOf } from '../platform/file-type.ts';
import type { ChatDeps } from './deps.ts';
import { recipientOf, ticketReceivedEmail } from './email.ts';
import { ticketRepository } from './ticket-repository.ts';
import { randomHex, sha256Hex } from '../platform/signing.ts';

export interface NewTicketInput {
  market: string;
  ip: string;
  accountId: number | null;
  /** The signed-in member's email: only that address gets the message repeated in its confirmation. */
  memberEmail: string | null;
  source: TicketSource;
  topic: string;
  orderNumber?: string;
  email: string;
  message: string;
  /** Files already checked by their bytes (attachmentProblem). */
  attachments?: TicketAttachment[];
}

export interface TicketAttachment {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

/** Files a ticket may carry, and how large each may be. */
export const ATTACHMENT_LIMITS = { files: 3, bytes: 5 * 1024 * 1024 } as const;

/** Why files were refused (the feedback form's and the chat's images). */
export const ATTACHMENT_MSG = {
  tooMany: `Attach at most ${ATTACHMENT_LIMITS.files} images.`,
  tooLarge: 'Each image may be at most 5 MB.',
  notImage: 'Only images can be attached (JPEG, PNG, WebP or HEIC).',
  unreadable: 'The image could not be read. Please choose it again.',
} as const;

/**
 * Whether the files may be attached: at most three images of up to 5 MB each, their type read from
 * their bytes (JPEG, PNG, WebP, HEIC), never from the name or the type the browser claims.
 */
export function attachmentProblem(files: { size: number; head: Uint8Array }[]): string | null {
  if (files.length > ATTACHMENT_LIMITS.files) return ATTACHMENT_MSG.tooMany;
  for (const file of files) {
    if (file.size > ATTACHMENT_LIMITS.bytes) return ATTACHMENT_MSG.tooLarge;
    if (!imageTypeOf(file.head)) return ATTACHMENT_MSG.notImage;
  }
  return null;
}

/** A new reply token: 256 random bits as hex, put in the emailed link and never stored. */
export const newReplyToken = () => randomHex(32);

/** The SHA-256 of a reply token: only that is stored, so a database read cannot answer as the shopper. */
export function replyTokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}

/**
 * An offline message or the feedback form becomes a ticket (10 an hour per IP); the shopper is
 * emailed a confirmation and told when to expect the answer. The form takes any address, so the
 * confirmation repeats the message only to the signed-in member's own.
 */
export async function createTicket(deps: ChatDeps, input: NewTicketInput): Promise<TicketAnswer> {
  await enforce(deps.rateLimiter, [
    { key: `ticket:ip:${input.ip}`, rule: { limit: CHAT_LIMITS.ticketsPerIpHour, windowMs: 3_600_000 } },
  ]);
  const replyToken = newReplyToken();
  const ticketId = await ticketRepository(deps.db).insertTicket({
    market: input.market,
    source: input.source,
    topic: input.topic,
    orderNumber: input.orderNumber || null,
    email: input.email,
    accountId: input.accountId,
    message: input.message,
    replyTokenHash: await replyTokenHash(replyToken),
    now: deps.clock.now(),
  });
  for (const file of input.attachments ?? []) {
    const key = `support/tickets/${ticketId}/${crypto.randomUUID()}`;
    await deps.media.put(key, file.bytes, { httpMetadata: { contentType: file.type } });
    await ticketRepository(deps.db).addAttachment(ticketId, file.name.slice(0, 100) || 'image', key, deps.clock.now());
  }
  await deps.mailer.send(
    ticketReceivedEmail(deps, { id: ticketId, ...input }, recipientOf(input.memberEmail, input.email)),
  );
  const { replyWithinHours } = deps.liveChat;
  return { ticketId, replyWithinHours, msg: ticketReceivedMessage(input.email, replyWithinHours) };
}
