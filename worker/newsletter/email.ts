import * as m from '../../shared/i18n/generated/messages.js';
import { layoutEmail } from '../platform/email-layout.ts';

/** The double opt-in message, in the language spoken when it is built: a link to confirm, and one to leave. */
export const newsletterConfirmEmail = (shopName: string, to: string, url: string, unsubscribeUrl: string) =>
  layoutEmail(
    'newsletter-confirm',
    to,
    m.email_newsletter_subject({ shopName }),
    [m.email_newsletter_text(), m.email_newsletter_leave({ url: unsubscribeUrl })],
    { url, label: m.newsletter_confirm_button() },
  );
