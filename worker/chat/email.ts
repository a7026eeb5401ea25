import { type ChatMessage, ticketReceivedMessage } from '../../shared/chat.ts';
import { layoutEmail } from '../platform/email-layout.ts';
import type { ChatDeps } from './deps.ts';

const time = (at: number) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');

function speaker(message: ChatMessage, shopName: string): string {
  if (message.author === 'shopper') return 'You';
  if (message.author === 'agent') return message.authorName ?? `${shopName} support`;
  return shopName;
}

/** The chat's transcript: every message with its time (UTC) and who wrote it, as plain text lines. */
export const transcriptEmail = (deps: ChatDeps, to: string, startedAt: number, messages: ChatMessage[]) =>
  layoutEmail(
    'chat-transcript',
    to,
    `Your ${deps.shopName} chat of ${time(startedAt).slice(0, 10)}`,
    [
      `Here is the transcript of your chat with ${deps.shopName} support.`,
      ...messages.map(
        (message) =>
          `[${time(message.createdAt)} UTC] ${speaker(message, deps.shopName)}: ${
            message.image ? `(image) ${message.text}` : message.text
          }`,
      ),
    ],
    { url: `${deps.origin}/help`, label: 'Visit the help center' },
  );

/** The confirmation of an offline message or feedback: its number, what was sent, and when the answer comes. */
export const ticketReceivedEmail = (
  deps: ChatDeps,
  ticket: { id: number; email: string; topic: string; message: string },
) =>
  layoutEmail(
    'ticket-received',
    ticket.email,
    `We have your message (#${ticket.id})`,
    [
      ticketReceivedMessage(ticket.email, deps.liveChat.replyWithinHours),
      `Topic: ${ticket.topic}`,
      `Your message: ${ticket.message}`,
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
