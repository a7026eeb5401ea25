import { useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';

/** The session cookie that keeps the bar closed for the rest of the visit; the server reads it too. */
export const ANNOUNCEMENTS_DISMISSED_COOKIE = 'announcements-dismissed';

export interface HomeAnnouncementsProps {
  items: { text: string; href: string; promotionId?: number }[];
}

/**
 * The home page's announcement bar. Closing it sets a cookie without an expiry (it ends with the
 * visit), so later pages of the visit are rendered without the bar instead of hiding it after load.
 */
export default function HomeAnnouncements({ items }: HomeAnnouncementsProps) {
  const [open, setOpen] = useState(true);
  if (!open || items.length === 0) return null;
  const close = () => {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: a session cookie the server reads; Cookie Store is not everywhere
    document.cookie = `${ANNOUNCEMENTS_DISMISSED_COOKIE}=1; Path=/; SameSite=Lax${secure}`;
    setOpen(false);
  };
  return (
    <aside className="announcement-bar" aria-label={m.announcements()}>
      <ul>
        {items.map((item) => (
          <li key={item.text} data-promotion-id={item.promotionId}>
            <a href={item.href}>{item.text}</a>
          </li>
        ))}
      </ul>
      <button type="button" className="announcement-bar__close" aria-label={m.announcements_close()} onClick={close}>
        ×
      </button>
    </aside>
  );
}
