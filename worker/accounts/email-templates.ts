import * as m from '../../shared/i18n/generated/messages.js';
import { layoutEmail } from '../platform/email-layout.ts';

/**
 * The messages the shop sends about accounts, in the shop's name, in the language being spoken when
 * they are built: the page's that asked (issue 37), the member's own for the warning of others' sign-ins.
 */
export const emails = {
  verify: (shopName: string, to: string, url: string) =>
    layoutEmail(
      'verify-email',
      to,
      m.email_verify_subject({ shopName }),
      [m.email_verify_welcome({ shopName }), m.email_verify_text()],
      { url, label: m.email_verify_label() },
    ),
  accountExists: (shopName: string, to: string, url: string) =>
    layoutEmail(
      'account-exists',
      to,
      m.email_exists_subject({ shopName }),
      [m.email_exists_text(), m.email_exists_forgot()],
      { url, label: m.email_exists_label() },
    ),
  reset: (shopName: string, to: string, url: string) =>
    layoutEmail(
      'reset-password',
      to,
      m.email_reset_subject({ shopName }),
      [m.email_reset_text(), m.email_reset_ignore()],
      { url, label: m.email_new_password_label() },
    ),
  changeEmail: (shopName: string, to: string, url: string) =>
    layoutEmail(
      'change-email',
      to,
      m.email_change_subject({ shopName }),
      [m.email_change_text(), m.email_change_open()],
      { url, label: m.email_change_label() },
    ),
  signInAttempts: (shopName: string, to: string, attempts: number, resetUrl: string) =>
    layoutEmail(
      'sign-in-attempts',
      to,
      m.email_attempts_subject({ shopName }),
      [m.email_attempts_text({ attempts }), m.email_attempts_advice()],
      { url: resetUrl, label: m.email_new_password_label() },
    ),
  emailChanged: (shopName: string, to: string, newEmail: string, undoUrl: string) =>
    layoutEmail(
      'email-changed',
      to,
      m.email_changed_subject({ shopName }),
      [m.email_changed_text({ newEmail }), m.email_changed_undo_text()],
      { url: undoUrl, label: m.email_changed_undo_label() },
    ),
};
