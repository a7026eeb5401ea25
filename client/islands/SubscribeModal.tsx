import { useEffect, useState } from 'react';
import NewsletterForm from './NewsletterForm.tsx';

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
        <button type="button" className="modal__close" onClick={close} aria-label="Close">
          ×
        </button>
        <h2 id="subscribe-modal-title">Join our newsletter</h2>
        <p>
          Subscribe to unlock amazing deals from {shopName}: new parts for your vehicle, coupons and seasonal sales.
        </p>
        <NewsletterForm variant="desktop" position="modal" inputId="newsletter-modal" />
      </div>
    </div>
  );
}
