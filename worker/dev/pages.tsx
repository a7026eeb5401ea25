import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { outboxMessages } from '../platform/email.ts';
import type { OutboxRow } from '../platform/email.ts';
import { escapeHtml } from '../platform/html.ts';
import { StyleguidePage } from './styleguide.tsx';

const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

function messageHtml(m: OutboxRow): string {
  const sent = new Date(m.created_at * 1000).toISOString();
  return (
    `<article data-email-id="${m.id}" data-to="${escapeHtml(m.to_address)}" data-kind="${m.kind}">` +
    `<h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to_address)} · ${sent}</p>` +
    `<pre>${linkify(m.text_body)}</pre></article>`
  );
}

function outboxHtml(messages: OutboxRow[]): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title>' +
    '<meta name="robots" content="noindex"></head><body style="font-family:sans-serif;max-width:900px;margin:auto">' +
    `<h1>Outbox (${messages.length})</h1>${messages.map(messageHtml).join('') || '<p>No messages.</p>'}</body></html>`
  );
}

/** Developer pages, answered only when DEV_TOOLS is 'true' (never in production). */
export const devPages = new Hono<AppEnv>()
  .use('/dev/*', async (c, next) => (c.env.DEV_TOOLS === 'true' ? next() : c.notFound()))
  .get('/dev/outbox', async (c) => {
    const to = c.req.query('to')?.slice(0, 100);
    return c.html(outboxHtml(await outboxMessages(c.env.DB, to || null)));
  })
  .get('/dev/styleguide', (c) => c.render(<StyleguidePage />, { robots: 'noindex' }));
