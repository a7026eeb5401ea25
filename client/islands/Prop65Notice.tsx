import { useEffect, useState } from 'react';
import { isCaliforniaZip, type Prop65Listing } from '../../shared/regulated-parts.ts';
import { POSTAL_CODE_KEY } from '../state/session.ts';
import { Prop65Warning } from './prop65-warning.tsx';

export interface Prop65NoticeProps {
  listing: Prop65Listing;
}

/**
 * The product page's Prop 65 warning, for a California shopper before any address is known: the
 * ZIP code the shop stored (the cart's estimate, the member's profile) is a California one. The
 * page is the same for everyone (it is cached per product), so the browser decides; others see nothing.
 */
export default function Prop65Notice({ listing }: Prop65NoticeProps) {
  const [californian, setCalifornian] = useState(false);
  useEffect(() => {
    const read = () => setCalifornian(isCaliforniaZip(localStorage.getItem(POSTAL_CODE_KEY)));
    read();
    // A ZIP code typed in another tab (the cart's estimate) counts at once.
    window.addEventListener('storage', read);
    return () => window.removeEventListener('storage', read);
  }, []);
  return californian ? <Prop65Warning listing={listing} /> : null;
}
