import { type ChatMessage, ticketReceivedMessage } from '../../shared/chat.ts';
import { layoutEmail } from '../platform/email-layout.ts';
import type { ChatDeps } from './deps.ts';

const time = (at: number) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');

function speaker(message: ChatMessage, shopName: string): string {
  if (message.author === 'shopper') return 'You';
  if (message.author === 'agent') return message.authorName ?? `${shopName} support`;
  return shopName;
}

/**
 * Who a transcript or a confirmation goes to. `own`: the signed-in member's own address, which gets
 * everything. `unverified`: an address anyone could have typed, which gets only what the shop wrote,
 * so the shop's mail never carries a stranger's text to someone else's inbox.
 */
export type Recipient = 'own' | 'unverified';

/** `own` only when the address is the signed-in member's own (their account's, confirmed when they signed up). */
export const recipientOf = (memberEmail: string | null | undefined, to: string): Recipient =>
  memberEmail && memberEmail.toLowerCase() === to.toLowerCase() ? 'own' : 'unverified';

/** What an unverified address is told in place of the shopper's own words. */
export const NOT_REPEATED =
  'Your own messages are not repeated in this email, because we have not verified this address. ' +
  'Sign in and ask again to get the whole conversation at your account’s address.';

/**
 * The chat's transcript: every message with its time (UTC) and who wrote it, as plain text lines. To an
 * unverified address only the agents' messages go (a shopper's lines and the system lines that carry the
 * shopper's name are left out).
 */
export function transcriptEmail(
  deps: ChatDeps,
  to: string,
  startedAt: number,
  messages: ChatMessage[],
  recipient: Recipient,
) {
  const shown = recipient === 'own' ? messages : messages.filter((message) => message.author === 'agent');
  return layoutEmail(
    'chat-transcript',
    to,
    `Your ${deps.shopName} chat of ${time(startedAt).slice(0, 10)}`,
    [
      `Here is the transcript of your chat with ${deps.shopName} support.`,
      ...(recipient === 'own' ? [] : [NOT_REPEATED]),
      ...shown.map(
        (message) =>
          `[${time(message.createdAt)} UTC] ${speaker(message, deps.shopName)}: ${
            message.image ? `(image) ${message.text}` : message.text
          }`,
      ),
    ],
    { url: `${deps.origin}/help`, label: 'Visit the help center' },
  );
}

/**
 * The confirmation of an offline message or feedback: its number, its topic and when the answer comes;
 * what was sent (the message, the order number) only to the signed-in member's own address.
 */
export const ticketReceivedEmail = (
  deps: ChatDeps,
  ticket: { id: number; email: string; topic: string; orderNumber?: string; message: string },
  recipient: Recipient,
) =>
  layoutEmail(
    'ticket-received',
    ticket.email,
    `We have your message (#${ticket.id})`,
    [
      ticketReceivedMessage(ticket.email, deps.liveChat.replyWithinHours),
      `Topic: ${ticket.topic}`,
      ...(recipient === 'own'
        ? [...(ticket.orderNumber ? [`Order number: ${ticket.orderNumber}`] : []), `Your message: ${ticket.message}`]
        : ['Your message is not repeated in this email, because we have not verified this address.']),
    ],
    { url: `${deps.origin}/help`, label: 'Visit the help center' },
  );

/** An agent's answer to a ticket: the answer, and the link by which the shopper's reply threads back in. */
export const ticketAnswerEmail = (
  deps: ChatDeps,
  ticket: { id: number; email: string; answer: string; link: string },
) =>
  layoutEmail(
    'ticket-answer',
    ticket.email,
    `Re: your message to ${deps.shopName} (#${ticket.id})`,
    [ticket.answer, 'To reply, use the link below: your answer goes straight to our support team.'],
    { url: ticket.link, label: 'Reply' },
  );
