import { useEffect } from 'react';
import { dismiss, notices, showCarriedNotice } from '../state/notices.ts';
import { useSignalValue } from '../state/signal-hook.ts';
import { remindExpiringPoints } from './member-reminder.ts';

/** Shows the shop's notices (toasts) in one polite live region. */
export default function NoticeHost() {
  const list = useSignalValue(notices);
  useEffect(showCarriedNotice, []);
  useEffect(remindExpiringPoints, []);
  return (
    <div className="notices" role="status" aria-live="polite">
      {list.map((notice) => (
        <div key={notice.id} className={`notice notice--${notice.kind}`} onClick={() => dismiss(notice.id)}>
          {notice.text}
        </div>
      ))}
    </div>
  );
}
