import type { FormEvent } from 'react';
import type { AddressFields } from '../../shared/address.ts';
import { API } from '../../shared/api-routes.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { Region } from '../../shared/regions.ts';
import { formatMoney } from '../../shared/money.ts';
import type { CheckoutQuote } from '../state/checkout.ts';
import { Field } from './form-kit.tsx';

/** The ship-to address form with the market's labels (§3 Country config). */
export function AddressForm({
  market,
  labels,
  regions,
  initial,
  busy,
  onSubmit,
}: {
  market: MarketId;
  labels: { region: string; postalCode: string };
  regions: readonly Region[];
  initial: AddressFields | null;
  busy: boolean;
  onSubmit: (address: AddressFields) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    onSubmit({
      market,
      firstName: text('firstName'),
      lastName: text('lastName'),
      phone: text('phone'),
      addressLine1: text('addressLine1'),
      addressLine2: text('addressLine2') || null,
      city: text('city'),
      regionCode: text('regionCode'),
      postalCode: text('postalCode'),
    });
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
      className="checkout-address"
      onSubmit={submit}
      data-checkout-address=""
      onBlur={(event) => {
        if (event.target instanceof HTMLInputElement && event.target.name === 'postalCode')
          void fillFromPostalCode(event.target);
      }}
    >
      <Field label="First name" name="firstName" maxLength={50} defaultValue={initial?.firstName} />
      <Field label="Last name" name="lastName" maxLength={50} defaultValue={initial?.lastName} />
      <Field label="Phone" name="phone" type="tel" maxLength={20} defaultValue={initial?.phone} />
      <Field label="Address" name="addressLine1" maxLength={120} defaultValue={initial?.addressLine1} />
      <Field
        label="Apartment, suite (optional)"
        name="addressLine2"
        required={false}
        maxLength={120}
        defaultValue={initial?.addressLine2 ?? undefined}
      />
      <Field label="City" name="city" maxLength={60} defaultValue={initial?.city} />
      <Field label={labels.region} name="regionCode">
        <select name="regionCode" required defaultValue={initial?.regionCode ?? ''} aria-label={labels.region}>
          <option value="" disabled>
            Choose
          </option>
          {regions.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={labels.postalCode} name="postalCode" maxLength={10} defaultValue={initial?.postalCode} />
      <button type="submit" className="button" disabled={busy}>
        Use this address
      </button>
    </form>
  );
}

/** The order summary: every discount with its reason, shipping, each tax line, points and the total. */
export function CheckoutSummary({ quote }: { quote: CheckoutQuote }) {
  const { pricing } = quote;
  const money = (cent: number) => formatMoney({ cent, currency: pricing.currency });
  return (
    <dl className="cart-summary checkout-summary" data-checkout-summary="">
      <div>
        <dt>Items ({quote.itemCount})</dt>
        <dd>{money(pricing.subtotal)}</dd>
      </div>
      {pricing.discounts.map((discount) => (
        <div
          key={`${discount.source}:${discount.name}`}
          className="cart-summary__discount"
          data-discount={discount.source}
        >
          <dt>
            {discount.name}
            <small>{discount.reason}</small>
          </dt>
          <dd>-{money(discount.amount)}</dd>
        </div>
      ))}
      <div>
        <dt>Shipping{pricing.shippingName ? ` (${pricing.shippingName})` : ''}</dt>
        <dd>{money(pricing.shipping)}</dd>
      </div>
      {pricing.shippingDiscount > 0 && (
        <div className="cart-summary__discount">
          <dt>Free shipping</dt>
          <dd>-{money(pricing.shippingDiscount)}</dd>
        </div>
      )}
      {quote.taxes.map((tax) => (
        <div key={tax.name} data-tax={tax.name}>
          <dt>
            {tax.name} ({tax.rateLabel})
          </dt>
          <dd>{money(tax.amountCent)}</dd>
        </div>
      ))}
      {pricing.points > 0 && (
        <div>
          <dt>Points ({pricing.pointsUsed})</dt>
          <dd>-{money(pricing.points)}</dd>
        </div>
      )}
      <div className="cart-summary__total">
        <dt>Total</dt>
        <dd data-total={quote.total}>{money(quote.total)}</dd>
      </div>
    </dl>
  );
}
