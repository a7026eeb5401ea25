import type { EmailMessage } from '../platform/email.ts';
import { layoutEmail } from '../platform/email-layout.ts';

/**
 * The email a member gets 14 days before some of their points expire (issue 21): how many, when,
 * and a link to their points on the market's configured origin (never a request's Host).
 */

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
  const subject = `Your ${points} expire on ${date}`;
  return layoutEmail('points-expiring', reminder.to, subject, paragraphs, { label: 'See your points', url });
}
