/** Sending email: one interface, an outbox for local use and a production adapter. */

import { outboxRepository, type OutboxRow } from './outbox-repository.ts';
import { textToBase64 } from '../../shared/base64.ts';

export type { OutboxRow };

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind:
    | 'verify-email'
    | 'reset-password'
    | 'change-email'
    | 'email-changed'
    | 'newsletter-confirm'
    | 'account-exists'
    | 'sign-in-attempts'
    | 'staff-locked'
    | 'order-confirmation'
    | 'order-payment-link'
    | 'payment-declined'
    | 'payment-reminder'
    | 'order-shipped'
    | 'order-refunded'
    | 'order-cancelled'
    | 'review-invitation'
    | 'review-rejected'
    | 'review-published'
    | 'return-requested'
    | 'return-link'
    | 'return-approved'
    | 'return-rejected'
    | 'return-evidence-needed'
    | 'return-received'
    | 'return-refunded'
    | 'points-expiring'
    | 'chat-transcript'
    | 'ticket-received'
    | 'ticket-answer'
    | 'tax-exemption-approved'
    | 'tax-exemption-rejected';
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** Keeps every message in D1; locally that is where mail goes, and /dev/outbox lists it. */
export function outboxSender(db: D1Database): EmailSender {
  return {
    async send(message) {
      await outboxRepository(db).add(message);
    },
  };
}

/** The newest messages in the outbox (50), to one address or to anyone: what /dev/outbox shows. */
export function outboxMessages(db: D1Database, to: string | null): Promise<OutboxRow[]> {
  return outboxRepository(db).newest(to);
}

interface SendEmailBinding {
  send(message: unknown): Promise<void>;
}

/** A minimal multipart/alternative MIME message for Cloudflare's send_email binding. */
export function mimeMessage(from: string, message: EmailMessage, boundary = `b${crypto.randomUUID()}`): string {
  const encode = (text: string) => textToBase64(text).replace(/.{76}/g, '$&\r\n');
  return [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: =?UTF-8?B?${encode(message.subject).replace(/\r\n/g, '')}?=`,
    'MIME-Version: 1.0',
    `Message-ID: <${crypto.randomUUID()}@${from.split('@')[1] ?? 'localhost'}>`,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    encode(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    encode(message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Sends through Cloudflare's email sending binding; used only when EMAIL and EMAIL_FROM are configured. */
export function cloudflareEmailSender(
  binding: SendEmailBinding,
  from: string,
  build: (raw: string, to: string) => unknown,
): EmailSender {
  return {
    async send(message) {
      await binding.send(build(mimeMessage(from, message), message.to));
    },
  };
}

/** The mailer: Cloudflare's email binding when configured, otherwise the D1 outbox. */
export async function mailerFor(env: {
  DB: D1Database;
  EMAIL?: SendEmailBinding;
  EMAIL_FROM?: string;
}): Promise<EmailSender> {
  if (env.EMAIL && env.EMAIL_FROM) {
    const { EmailMessage } = await import('cloudflare:email');
    const from = env.EMAIL_FROM;
    return cloudflareEmailSender(env.EMAIL, from, (raw, to) => new EmailMessage(from, to, raw));
  }
  return outboxSender(env.DB);
}
