import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  created_at: number;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) => escape(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Developer pages, answered only when DEV_TOOLS is 'true' (never in production). */
export const devPages = new Hono<AppEnv>()
  .use('/dev/*', async (c, next) => (c.env.DEV_TOOLS === 'true' ? next() : c.notFound()))
  .get('/dev/outbox', async (c) => {
    const to = c.req.query('to')?.slice(0, 100);
    const statement = to
      ? c.env.DB.prepare('SELECT * FROM email_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 50').bind(to)
      : c.env.DB.prepare('SELECT * FROM email_outbox ORDER BY id DESC LIMIT 50');
    const { results } = await statement.all<OutboxRow>();
    const rows = results.map(
      (m) =>
        `<article data-email-id="${m.id}" data-to="${escape(m.to_address)}" data-kind="${m.kind}"><h2>${escape(m.subject)}</h2><p>To ${escape(m.to_address)} · ${new Date(m.created_at * 1000).toISOString()}</p><pre>${linkify(m.text_body)}</pre></article>`,
    );
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title><meta name="robots" content="noindex"></head><body style="font-family:sans-serif;max-width:900px;margin:auto"><h1>Outbox (${results.length})</h1>${rows.join('') || '<p>No messages.</p>'}</body></html>`,
    );
  });
