import { PAYMENT_ICON_LABEL, type PaymentIcon } from '../../shared/markets.ts';

export type SocialNetwork = 'facebook' | 'instagram' | 'youtube' | 'x';

export const SOCIAL_LABEL: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  x: 'X',
};

const SOCIAL_PATH: Record<SocialNetwork, string> = {
  facebook:
    'M13.5 21v-8h2.7l.4-3.2h-3.1V7.8c0-.9.3-1.5 1.6-1.5h1.7V3.4c-.3 0-1.3-.1-2.5-.1-2.4 0-4.1 1.5-4.1 4.2' +
    'v2.3H7.5V13h2.7v8z',
  instagram:
    'M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm6-7.9' +
    'a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM12 4.6' +
    'c2.4 0 2.7 0 3.6.1 2.4.1 3.6 1.3 3.7 3.7.1.9.1 1.2.1 3.6s0 2.7-.1 3.6' +
    'c-.1 2.4-1.3 3.6-3.7 3.7-.9.1-1.2.1-3.6.1s-2.7 0-3.6-.1c-2.4-.1-3.6-1.3-3.7-3.7-.1-.9-.1-1.2-.1-3.6' +
    's0-2.7.1-3.6C4.8 6 6 4.8 8.4 4.7c.9-.1 1.2-.1 3.6-.1z',
  youtube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12' +
    'a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8' +
    'A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
  x: 'M17.8 3h3l-6.6 7.6L22 21h-6.1l-4.8-6.3L5.6 21h-3l7.1-8.1L2.2 3h6.2l4.3 5.7zm-1 16.2h1.7L7.3 4.7H5.5z',
};

/** The four social networks of §1, as icon links. */
export function SocialLinks({ links }: { links: Record<SocialNetwork, string> }) {
  return (
    <ul className="social-links">
      {(Object.keys(SOCIAL_PATH) as SocialNetwork[]).map((network) => (
        <li key={network}>
          <a
            href={links[network] || '#'}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={SOCIAL_LABEL[network]}
            data-social={network}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d={SOCIAL_PATH[network]} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The 'We accept' row of the market's payment icons (§9 Accepted payments). */
export function PaymentIcons({ icons }: { icons: readonly PaymentIcon[] }) {
  return (
    <div className="payment-icons">
      <span className="payment-icons__label">We accept</span>
      <ul>
        {icons.map((icon) => (
          <li key={icon} data-payment={icon} title={PAYMENT_ICON_LABEL[icon]}>
            <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label={PAYMENT_ICON_LABEL[icon]}>
              <rect width="48" height="30" rx="4" className={`pay pay--${icon}`} />
              <text x="24" y="19" textAnchor="middle" fontSize="8" fontWeight="700" fill="#fff">
                {PAYMENT_ICON_LABEL[icon].split(' ')[0]}
              </text>
            </svg>
          </li>
        ))}
      </ul>
    </div>
  );
}
