import * as m from '../../shared/i18n/generated/messages.js';
import { currentLocale } from '../../shared/i18n/current.ts';
import { formatDay, plainCount } from '../../shared/i18n/format.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type { EmailMessage } from '../platform/email.ts';
import { layoutEmail } from '../platform/email-layout.ts';

/**
 * The email a member gets 14 days before some of their points expire (issue 21): how many, when,
 * and a link to their points on the market's configured origin (never a request's Host). It is in
 * the language being spoken when it is built (the member's, issue 37), its link to that language's page.
 */

/** The page where a member sees their points. */
export const MEMBER_POINTS_PATH = '/myAccount?type=member';

/** "Your points expire soon": the amount, the date and the link to spend them. */
export function pointsExpiryEmail(
  reminder: { to: string; points: number; expiresAt: number },
  shopName: string,
  origin: string,
): EmailMessage {
  const url = `${origin}${localizePath(MEMBER_POINTS_PATH, currentLocale())}`;
  const count = reminder.points;
  // English writes the number with its commas here ("1,250 points"), French with its spaces.
  const shown = currentLocale() === 'fr' ? plainCount(count) : count.toLocaleString('en-US');
  const points = m.email_points_amount({ count, shown });
  const date = formatDay(reminder.expiresAt, 'long');
  const paragraphs = [m.email_points_text({ count, points, shopName, date }), m.email_points_use()];
  const subject = m.email_points_subject({ count, points, date });
  return layoutEmail('points-expiring', reminder.to, subject, paragraphs, { label: m.email_points_label(), url });
}
