import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/money.ts';
import { PAYMENT_ICON_LABEL, type Currency, type PaymentIcon } from '../../shared/markets.ts';
import { isBrandNamed, type OfferedPaymentMethod } from '../../shared/payment-methods.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { bnplOptionsFor, offeredFor, PAY_IN_4_RANGE, payInFour, withinRange } from '../../shared/payment-offers.ts';

/**
 * Checkout's payment step: the methods offered here for this total (a method with provider limits only
 * inside them), the BNPL provider the shopper picks, and the instalment message where the offer allows it.
 */

/** The methods checkout shows for a total: each provider's own amount limits applied. */
export function methodsFor(methods: OfferedPaymentMethod[], totalCent: number): OfferedPaymentMethod[] {
  return methods.filter((method) => offeredFor(method, totalCent));
}

/** "4 interest-free payments of $12.50" where Pay in 4 takes the total, else null. */
export function instalmentText(method: OfferedPaymentMethod, totalCent: number, currency: Currency): string | null {
  if (method.id !== 'BNPL' && method.id !== 'PAY_LATER') return null;
  if (method.id === 'PAY_LATER' && !withinRange(PAY_IN_4_RANGE, totalCent)) return m.pay_over_time_paypal();
  return m.pay_in_four_payments({ amount: formatMoney({ cent: payInFour(totalCent), currency }) });
}

function Icon({ icon }: { icon: PaymentIcon }) {
  return (
    <svg viewBox="0 0 48 30" width="36" height="22" role="img" aria-label={PAYMENT_ICON_LABEL[icon]}>
      <rect width="48" height="30" rx="4" className={`pay pay--${icon}`} />
      <text x="24" y="19" textAnchor="middle" fontSize="8" fontWeight="700" fill="#fff">
        {PAYMENT_ICON_LABEL[icon].split(' ')[0]}
      </text>
    </svg>
  );
}

export interface PaymentSectionProps {
  methods: OfferedPaymentMethod[];
  totalCent: number;
  currency: Currency;
  method: string;
  bnplProvider: string;
  onMethod(id: string): void;
  onBnplProvider(id: string): void;
  /** What the chosen method asks for here (the card's fields), under the methods. */
  children?: ReactNode;
}

export function PaymentSection(props: PaymentSectionProps) {
  const { totalCent, currency, method } = props;
  const shown = methodsFor(props.methods, totalCent);
  const bnpl = shown.find((offered) => offered.id === 'BNPL');
  const providers = bnpl ? bnplOptionsFor(bnpl, totalCent) : [];
  return (
    <section aria-label={m.payment()}>
      <h2>{m.payment()}</h2>
      <ul className="checkout__methods">
        {shown.map((offered) => {
          const instalments = instalmentText(offered, totalCent, currency);
          return (
            <li key={offered.id}>
              <label>
                <input
                  type="radio"
                  name="payment"
                  value={offered.id}
                  checked={method === offered.id}
                  onChange={() => props.onMethod(offered.id)}
                />{' '}
                <span translate={isBrandNamed(offered.id) ? 'no' : undefined}>{offered.label}</span>
                {offered.provider && <small className="checkout__provider">{` · ${offered.provider}`}</small>}
                <span className="checkout__icons" translate="no">
                  {offered.icons.map((icon) => (
                    <Icon key={icon} icon={icon} />
                  ))}
                </span>
                {instalments && (
                  <small className="checkout__instalments" data-instalments={offered.id}>
                    {instalments}
                  </small>
                )}
              </label>
            </li>
          );
        })}
      </ul>
      {method === 'BNPL' && providers.length > 0 && (
        <fieldset className="checkout__bnpl" data-bnpl-providers="">
          <legend>{m.pay_later_with()}</legend>
          {providers.map((option) => (
            <label key={option.id}>
              <input
                type="radio"
                name="bnpl-provider"
                value={option.id}
                checked={props.bnplProvider === option.id}
                onChange={() => props.onBnplProvider(option.id)}
              />{' '}
              {option.label}
            </label>
          ))}
        </fieldset>
      )}
      {method === 'HOSTED_CARD' && <p className="checkout__note">{m.pay_hosted_note()}</p>}
      {props.children}
    </section>
  );
}
