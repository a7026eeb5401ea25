import type { EmailMessage } from '../platform/email.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function message(
  kind: EmailMessage['kind'],
  to: string,
  subject: string,
  lines: string[],
  link?: { url: string; label: string },
): EmailMessage {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : [])].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">${lines.map((line) => `<p>${escape(line)}</p>`).join('')}${
    link
      ? `<p><a href="${escape(link.url)}" style="background:#c62828;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p><p style="font-size:12px;color:#6b7280">${escape(link.url)}</p>`
      : ''
  }</body></html>`;
  return { kind, to, subject, text, html };
}

/** The messages the shop sends about accounts and the newsletter, in the shop's name. */
export const emails = {
  verify: (shopName: string, to: string, url: string) =>
    message(
      'verify-email',
      to,
      `Confirm your email for ${shopName}`,
      [
        `Welcome to ${shopName}.`,
        'Confirm your email address to finish setting up your account. The link works once and expires in 24 hours.',
      ],
      { url, label: 'Confirm email' },
    ),
  accountExists: (shopName: string, to: string, url: string) =>
    message(
      'account-exists',
      to,
      `You already have a ${shopName} account`,
      [
        'Someone, probably you, tried to create an account with this email address, which already has one.',
        'If you forgot your password, you can choose a new one.',
      ],
      { url, label: 'Reset password' },
    ),
  reset: (shopName: string, to: string, url: string) =>
    message(
      'reset-password',
      to,
      `Reset your ${shopName} password`,
      [
        'We received a request to reset your password. The link works once and expires in one hour.',
        'If you did not ask for this, ignore this email: your password stays the same.',
      ],
      { url, label: 'Choose a new password' },
    ),
  changeEmail: (shopName: string, to: string, url: string) =>
    message(
      'change-email',
      to,
      `Confirm your new email for ${shopName}`,
      ['Confirm this address to make it the email of your account. The link works once and expires in one hour.'],
      { url, label: 'Confirm new email' },
    ),
  newsletterConfirm: (shopName: string, to: string, url: string, unsubscribeUrl: string) =>
    message(
      'newsletter-confirm',
      to,
      `Confirm your ${shopName} newsletter subscription`,
      [
        'Confirm your subscription to get deals on parts for your vehicle.',
        `You can leave at any time: ${unsubscribeUrl}`,
      ],
      { url, label: 'Confirm subscription' },
    ),
};
