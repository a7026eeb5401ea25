import { layoutEmail } from '../platform/email-layout.ts';

/** The messages the shop sends about accounts, in the shop's name. */
export const emails = {
  verify: (shopName: string, to: string, url: string) =>
    layoutEmail(
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
    layoutEmail(
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
    layoutEmail(
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
    layoutEmail(
      'change-email',
      to,
      `Confirm your new email for ${shopName}`,
      [
        'Confirm this address to make it the email of your account.',
        'Open the link while signed in to your account. It works once and expires in 30 minutes.',
      ],
      { url, label: 'Confirm new email' },
    ),
  signInAttempts: (shopName: string, to: string, attempts: number, resetUrl: string) =>
    layoutEmail(
      'sign-in-attempts',
      to,
      `Someone is trying to sign in to your ${shopName} account`,
      [
        `We refused ${attempts} sign-ins to your account with a wrong password, from browsers you have not ` +
          'signed in from before. Each further try from them now has to wait longer.',
        'Browsers you have signed in from before are not held back. If this was not you, choose a new, ' +
          'unique password: it signs out every other device.',
      ],
      { url: resetUrl, label: 'Choose a new password' },
    ),
  emailChanged: (shopName: string, to: string, newEmail: string, undoUrl: string) =>
    layoutEmail(
      'email-changed',
      to,
      `The email of your ${shopName} account was changed`,
      [
        `Your account now signs in with ${newEmail} instead of this address.`,
        'If you did not do this, undo the change: this address becomes the login again, every device is ' +
          'signed out, and we send you a link to choose a new password. The link works once, for 7 days.',
      ],
      { url: undoUrl, label: 'Undo this change' },
    ),
};
