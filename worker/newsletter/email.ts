import { layoutEmail } from '../platform/email-layout.ts';

/** The double opt-in message: a link to confirm, and one to leave at any time. */
export const newsletterConfirmEmail = (shopName: string, to: string, url: string, unsubscribeUrl: string) =>
  layoutEmail(
    'newsletter-confirm',
    to,
    `Confirm your ${shopName} newsletter subscription`,
    [
      'Confirm your subscription to get deals on parts for your vehicle.',
      `You can leave at any time: ${unsubscribeUrl}`,
    ],
    { url, label: 'Confirm subscription' },
  );
