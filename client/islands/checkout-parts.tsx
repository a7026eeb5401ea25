import { FIT_DISPLAY } from '../../shared/fitment.ts';
import { useState, type FormEvent } from 'react';
import type { AddressFields } from '../../shared/address.ts';
import { API } from '../../shared/api-routes.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { Region } from '../../shared/regions.ts';
import { formatMoney } from '../../shared/money.ts';
import { POINTS_PER_DOLLAR, pointsInCents } from '../../shared/promotion-words.ts';
import type { CheckoutQuote } from '../state/checkout.ts';
import { AddressInputs, addressFormProblems, addressFromForm } from './address-fields.tsx';
import { Field, type FieldErrors } from './form-kit.tsx';
import { checkoutReceipt, receiptRows } from '../../shared/receipt.ts';
import { ReceiptList } from './receipt-list.tsx';
import { CheckoutTaxNote } from './checkout-tax.tsx';
import { coreChargeWords } from '../../shared/core-charges.ts';
import { Prop65Warning } from './prop65-warning.tsx';
import { ShipRefusalNote } from './ship-refusal.tsx';
import { ShipLimitNote } from './ship-limit.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * The ship-to address form with the market's labels (§3 Country config): each field's problem is
 * shown at it, checked here before the address is sent and again by the server (`errors`).
 */
export function AddressForm({
  market,
  labels,
  regions,
  initial,
  busy,
  errors,
  onInvalid,
  onEdit,
  onSubmit,
}: {
  market: MarketId;
  labels: { region: string; postalCode: string };
  regions: readonly Region[];
  initial: AddressFields | null;
  busy: boolean;
  errors: FieldErrors;
  /** The address has these problems: the page shows them and focuses the first. */
  onInvalid: (errors: FieldErrors) => void;
  /** The shopper changes a field: its error goes. */
  onEdit: (name: string) => void;
  onSubmit: (address: AddressFields) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const problems = addressFormProblems(data, market);
    if (Object.keys(problems).length > 0) return onInvalid(problems);
    onSubmit(addressFromForm(data, market));
  };
  // A known postal code fills in the city and state or province the shopper has not typed yet (§7 verify call).
  const fillFromPostalCode = async (input: HTMLInputElement) => {
    const form = input.form;
    if (!form || input.value.trim().length < 3) return;
    const { api } = await import('../api.ts');
    const found = await api.call(API.postCodeVerify, { postCode: input.value.trim() }).catch(() => null);
    if (!found?.deliverAble) return;
    const city = form.elements.namedItem('city') as HTMLInputElement | null;
    const region = form.elements.namedItem('regionCode') as HTMLSelectElement | null;
    if (city && !city.value) city.value = found.cityName;
    if (region && !region.value) region.value = found.stateCode;
  };
  return (
    <form
      className="checkout-address address-form"
      onSubmit={submit}
      noValidate
      data-checkout-address=""
      onInput={(event) => onEdit((event.target as HTMLInputElement).name)}
      onBlur={(event) => {
        if (event.target instanceof HTMLInputElement && event.target.name === 'postalCode')
          void fillFromPostalCode(event.target);
      }}
    >
      <AddressInputs labels={labels} regions={regions} initial={initial} errors={errors} />
      <button type="submit" className="button" disabled={busy}>
        {m.use_this_address()}
      </button>
    </form>
  );
}

/** A guest's email for the order and its confirmation, with its problem under it. */
export function ContactSection({
  email,
  error,
  onChange,
  onDone,
}: {
  email: string;
  error: string | undefined;
  onChange: (email: string) => void;
  /** The shopper left the field: the order is priced again for this email. */
  onDone?: () => void;
}) {
  return (
    <section aria-label={m.contact()}>
      <h2>{m.contact()}</h2>
      <Field label={m.email()} name="email" error={error}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            required
            maxLength={55}
            value={email}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onDone}
          />
        )}
      </Field>
      <p>
        <a href="/login?callBackPath=%2Fcheckout">{m.checkout_sign_in()}</a> {m.checkout_sign_in_after()}
      </p>
    </section>
  );
}

/** The parts being bought, each with whether it fits the shopper's vehicle (§4 Fit status). */
function CheckoutLines({ quote, money }: { quote: CheckoutQuote; money: (cent: number) => string }) {
  return (
    <ul className="checkout-lines" data-checkout-lines="">
      {quote.lines.map((line) => (
        <li key={line.key} data-checkout-line={line.key}>
          <span>{`${line.quantity} × ${line.title}`}</span> <span>{money(line.lineTotal)}</span>
          {line.fit && line.fit !== 'EMPTY' && (
            <small className={`checkout-fit checkout-fit--${FIT_DISPLAY[line.fit].colour}`} data-fit={line.fit}>
              {line.fitText}
            </small>
          )}
          {line.coreCharge !== null && (
            <small className="checkout-core" data-core-charge={line.coreCharge}>
              {coreChargeWords({ cent: line.coreCharge, currency: quote.pricing.currency }, line.quantity)}
            </small>
          )}
          {line.shipRefusal && <ShipRefusalNote refusal={line.shipRefusal} />}
          {line.shipLimit && <ShipLimitNote limit={line.shipLimit} />}
          {line.prop65 && <Prop65Warning listing={line.prop65} />}
        </li>
      ))}
    </ul>
  );
}

/** The order summary: the parts and their fit, every discount with its reason, shipping, taxes, points and total. */
export function CheckoutSummary({ quote }: { quote: CheckoutQuote }) {
  const { pricing } = quote;
  const money = (cent: number) => formatMoney({ cent, currency: pricing.currency });
  return (
    <>
      <CheckoutLines quote={quote} money={money} />
      <CheckoutTotals quote={quote} />
      <CheckoutTaxNote quote={quote} />
    </>
  );
}

/** The checkout's receipt: the parts counted, shipping with its discount under it, taxes, points counted. */
function CheckoutTotals({ quote }: { quote: CheckoutQuote }) {
  const wording = { subtotal: m.items_count({ count: quote.itemCount }), pointsInLabel: true };
  return (
    <dl className="cart-summary checkout-summary" data-checkout-summary="">
      <ReceiptList rows={receiptRows(checkoutReceipt(quote), wording)} currency={quote.pricing.currency} />
    </dl>
  );
}

/** The most points this order can take: the balance, and no more than the parts are still worth (never shipping). */
export function usablePoints(quote: CheckoutQuote): number {
  const partsWorthCent = Math.max(0, quote.pricing.subtotal - quote.pricing.discount);
  return Math.max(0, Math.min(quote.pointsBalance, Math.floor((partsWorthCent * POINTS_PER_DOLLAR) / 100)));
}

/**
 * The member's points at checkout: the balance, how many this order can use and what they are
 * worth, what is used now, and what paying will earn at the member's level.
 */
export function PointsSection({
  quote,
  busy,
  onUse,
  onRemove,
}: {
  quote: CheckoutQuote;
  busy: boolean;
  onUse: (points: number) => void;
  onRemove: () => void;
}) {
  const [points, setPoints] = useState('');
  const money = (cent: number) => formatMoney({ cent, currency: quote.pricing.currency });
  const usable = usablePoints(quote);
  const worth = (n: number) => money(pointsInCents(n));
  return (
    <section aria-label={m.points()} className="checkout-points" data-checkout-points>
      <h2>{m.points()}</h2>
      <p data-points-balance={quote.pointsBalance}>
        {m.points_balance({ count: quote.pointsBalance, per: POINTS_PER_DOLLAR, worth: worth(POINTS_PER_DOLLAR) })}
      </p>
      {quote.pointsBalance > 0 && (
        <>
          <p data-points-usable={usable}>{m.points_usable({ count: usable, worth: worth(usable) })}</p>
          <div className="checkout-points__use">
            <input
              aria-label={m.points_to_use()}
              inputMode="numeric"
              value={points}
              onChange={(event) => setPoints(event.target.value.replace(/\D/g, ''))}
            />
            <button type="button" className="button" disabled={busy || !points} onClick={() => onUse(Number(points))}>
              {m.points_use()}
            </button>
            {usable > 0 && (
              <button type="button" disabled={busy} onClick={() => onUse(usable)}>
                {m.points_use_n({ count: usable })}
              </button>
            )}
            {quote.pointsLocked > 0 && (
              <button type="button" disabled={busy} onClick={onRemove}>
                {m.points_remove()}
              </button>
            )}
          </div>
        </>
      )}
      {quote.levelName !== null && (
        <p data-points-to-earn={quote.pointsToEarn}>
          {m.points_earn({ count: quote.pointsToEarn, level: quote.levelName, rate: quote.pointsEarnRate })}
        </p>
      )}
    </section>
  );
}
