import { useEffect } from 'react';
import { dismiss, notices, showCarriedNotice } from '../state/notices.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import { STORAGE_KEY } from '../../shared/browser-keys.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/** Shows the shop's notices (toasts) in one polite live region. */
export default function NoticeHost() {
  const list = useSignalValue(notices);
  useEffect(showCarriedNotice, []);
  // Only a signed-in member loads the expiring-points reminder (its code stays off every other page).
  useEffect(() => {
    try {
      if (!localStorage.getItem(STORAGE_KEY.token)) return;
    } catch {
      return;
    }
    void import('./member-reminder.ts').then((reminder) => reminder.remindExpiringPoints());
  }, []);
  return (
    <div className="notices" role="status" aria-live="polite">
      {list.map((notice) => (
        <div key={notice.id} className={`notice notice--${notice.kind}`} onClick={() => dismiss(notice.id)}>
          {notice.text}
          {notice.liveChat && (
            // The chat launcher opens the chat on this click; before it loads, the help desk page.
            <>
              {' '}
              <a href="/help/feedback" data-live-chat="notice">
                {m.notice_open_live_chat()}
              </a>
            </>
          )}
        </div>
      ))}
    </div>
  );
}
