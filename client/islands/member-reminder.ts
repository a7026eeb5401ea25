import { API } from '../../shared/api-routes.ts';
import { STORAGE_KEY } from '../../shared/browser-keys.ts';
import { api } from '../api.ts';
import { notify } from '../state/notices.ts';
import { memberDate, pointsNumber } from './member-parts.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

/** Marks the visit (this tab's session) in which the expiring-points notice was shown. */
const SHOWN_KEY = 'points-reminder-shown';
/** Long enough to read a sentence with a number and a date. */
const REMINDER_MS = 8000;

/**
 * Once per visit, a signed-in member whose points expire in the next 30 days is told how many and
 * when (issue 21). Storage refused or a failed call: no notice, the account area still says it.
 */
export function remindExpiringPoints(): void {
  try {
    if (!localStorage.getItem(STORAGE_KEY.token) || sessionStorage.getItem(SHOWN_KEY)) return;
    sessionStorage.setItem(SHOWN_KEY, '1');
  } catch {
    return;
  }
  api
    .call(API.memberPointsReminder)
    .then((reminder) => {
      if (reminder.points <= 0 || reminder.expiresAt === null) return;
      const date = memberDate(reminder.expiresAt);
      const shown = pointsNumber(reminder.points);
      notify(m.member_reminder({ count: reminder.points, shown, date }), 'warning', REMINDER_MS);
    })
    .catch(() => undefined);
}
