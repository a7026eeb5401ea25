import type { EmailMessage } from './email.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { currentLocale } from '../../shared/i18n/current.ts';
import { escapeHtml } from './html.ts';

/**
 * Every email the shop sends, in one layout: paragraphs, then a table where the message has one
 * (an order's lines and receipt), then its links as buttons. The text part says the same, line
 * for line, with each link's address; the HTML part escapes everything it is given. Both are in the
 * language being spoken (a French order's email is French, and says so in its lang).
 */

/** A link shown as a button. */
export interface EmailLink {
  label: string;
  url: string;
  /** Whether its address is also printed beneath the button, for mail readers that hide buttons. */
  printed?: boolean;
}

/** A cell of an email's table. */
export interface EmailCell {
  text: string;
  align?: 'right';
  bold?: boolean;
  /** How many columns it spans (the receipt's labels span the lines' title and unit price). */
  span?: number;
}

/** A row of an email's table, with how it reads as a line of the text part. */
export interface EmailRow {
  cells: readonly EmailCell[];
  text: string;
}

/** What an email says, in order. */
export interface EmailContent {
  paragraphs: readonly string[];
  /** Groups of rows of one table: each group is a block of lines in the text part. */
  table?: readonly (readonly EmailRow[])[];
  links?: readonly EmailLink[];
}

const body = () =>
  `<!doctype html><html lang="${currentLocale() === 'fr' ? 'fr-CA' : 'en'}">` +
  '<body style="font-family:Arial,sans-serif;color:#1f2937">';
const BUTTON = 'background:#c62828;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none';
const CELL = 'padding:6px 8px;border-bottom:1px solid #e5e7eb';
const TABLE = '<table style="border-collapse:collapse;width:100%;max-width:640px">';

function cellHtml(cell: EmailCell): string {
  const span = cell.span && cell.span > 1 ? ` colspan="${cell.span}"` : '';
  const style = `${CELL}${cell.align === 'right' ? ';text-align:right' : ''}${cell.bold ? ';font-weight:700' : ''}`;
  return `<td${span} style="${style}">${escapeHtml(cell.text)}</td>`;
}

function tableHtml(groups: readonly (readonly EmailRow[])[]): string {
  const rows = groups.flat().map((row) => `<tr>${row.cells.map(cellHtml).join('')}</tr>`);
  return `${TABLE}${rows.join('')}</table>`;
}

/** Each link as a button, with its address beneath where the link asks for it. */
function linksHtml(links: readonly EmailLink[]): string {
  const address = (url: string) => `<p style="font-size:12px;color:#6b7280">${escapeHtml(url)}</p>`;
  const button = (link: EmailLink) =>
    `<p><a href="${escapeHtml(link.url)}" style="${BUTTON}">${escapeHtml(link.label)}</a></p>` +
    (link.printed ? address(link.url) : '');
  return links.map(button).join('');
}

/** An email in the shop's layout, as its text and HTML parts. */
export function composeEmail(
  kind: EmailMessage['kind'],
  to: string,
  subject: string,
  content: EmailContent,
): EmailMessage {
  const { paragraphs, table = [], links = [] } = content;
  const text = [
    ...paragraphs,
    ...table.flatMap((group) => ['', ...group.map((row) => row.text)]),
    ...(links.length > 0 ? ['', ...links.map((link) => `${m.label_colon({ label: link.label })} ${link.url}`)] : []),
  ].join('\n');
  const html =
    body() +
    paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    (table.length > 0 ? tableHtml(table) : '') +
    linksHtml(links) +
    '</body></html>';
  return { kind, to, subject, text, html };
}

/** A message of paragraphs and at most one button link, its address printed beneath: most of the shop's emails. */
export function layoutEmail(
  kind: EmailMessage['kind'],
  to: string,
  subject: string,
  lines: string[],
  link?: EmailLink,
): EmailMessage {
  return composeEmail(kind, to, subject, { paragraphs: lines, links: link ? [{ ...link, printed: true }] : [] });
}
