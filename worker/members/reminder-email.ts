import type { EmailMessage } from '../platform/email.ts';

/**
 * The email a member gets 14 days before some of their points expire (issue 21): how many, when,
 * and a link to their points on the market's configured origin (never a request's Host).
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page where a member sees their points. */
export const MEMBER_POINTS_PATH = '/myAccount?type=member';

const dateOf = (time: number) =>
  new Date(time).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "Your points expire soon": the amount, the date and the link to spend them. */
export function pointsExpiryEmail(
  reminder: { to: string; points: number; expiresAt: number },
  shopName: string,
  origin: string,
): EmailMessage {
  const url = `${origin}${MEMBER_POINTS_PATH}`;
  const points = `${reminder.points.toLocaleString('en-US')} ${reminder.points === 1 ? 'point' : 'points'}`;
  const date = dateOf(reminder.expiresAt);
  const paragraphs = [
    `${points} in your ${shopName} account expire on ${date}.`,
    'Use them at checkout before then: every 100 points are worth one dollar off your parts.',
  ];
  const text = [...paragraphs, '', `See your points: ${url}`].join('\n');
  const button = 'background:#c62828;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none';
  const html =
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">' +
    paragraphs.map((line) => `<p>${escape(line)}</p>`).join('') +
    `<p><a href="${escape(url)}" style="${button}">See your points</a></p>` +
    `<p style="font-size:12px;color:#6b7280">${escape(url)}</p></body></html>`;
  return { kind: 'points-expiring', to: reminder.to, subject: `Your ${points} expire on ${date}`, text, html };
}
