import type { EmailMessage } from './email.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const BUTTON_STYLE = 'background:#c62828;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none';

function linkHtml(link: { url: string; label: string }): string {
  return (
    `<p><a href="${escape(link.url)}" style="${BUTTON_STYLE}">${escape(link.label)}</a></p>` +
    `<p style="font-size:12px;color:#6b7280">${escape(link.url)}</p>`
  );
}

/** A message in the shop's plain layout: paragraphs and at most one button link, as text and as HTML. */
export function layoutEmail(
  kind: EmailMessage['kind'],
  to: string,
  subject: string,
  lines: string[],
  link?: { url: string; label: string },
): EmailMessage {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : [])].join('\n');
  const paragraphs = lines.map((line) => `<p>${escape(line)}</p>`).join('');
  const html =
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">' +
    `${paragraphs}${link ? linkHtml(link) : ''}</body></html>`;
  return { kind, to, subject, text, html };
}
