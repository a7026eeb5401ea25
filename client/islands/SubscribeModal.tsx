import { useEffect, useState } from 'react';
import NewsletterForm from './NewsletterForm.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

const SEEN_KEY = 'subscribe-modal-seen';

export interface SubscribeModalProps {
  shopName: string;
}

/** The global subscribe invitation, shown once per browser when the shop turns it on. */
export default function SubscribeModal({ shopName }: SubscribeModalProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (localStorage.getItem(SEEN_KEY)) return;
    const timer = setTimeout(() => setOpen(true), 1500);
    return () => clearTimeout(timer);
  }, []);
  function close() {
    localStorage.setItem(SEEN_KEY, '1');
    setOpen(false);
  }
  if (!open) return null;
  return (
    <div className="modal-backdrop" onClick={close}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="subscribe-modal-title"
        onClick={(e) => e.stopPropagation()}
      >
        <button type="button" className="modal__close" onClick={close} aria-label={m.close()}>
          ×
        </button>
        <h2 id="subscribe-modal-title">{m.footer_newsletter_title()}</h2>
        <p>{m.newsletter_modal_text({ shopName })}</p>
        <NewsletterForm variant="desktop" position="modal" inputId="newsletter-modal" />
      </div>
    </div>
  );
}
