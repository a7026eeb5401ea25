import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AddressFields } from '../../shared/address.ts';
import { type BrowserPayKeys, PAYPAL_FUNDING } from '../../shared/browser-pay.ts';
import type { OfferedPaymentMethod } from '../../shared/payment-methods.ts';
import type { Region } from '../../shared/regions.ts';
import { marketById, type MarketId } from '../../shared/markets.ts';
import { bnplOptionsFor } from '../../shared/payment-offers.ts';
import { emailProblem } from '../../shared/validation.ts';
import { api } from '../api.ts';
import {
  CHECKOUT_TOKEN_KEY,
  buyNowTicket,
  checkoutCalls,
  checkoutKey,
  forgetCheckoutKey,
  payForOrder,
  placeOrderBlocker,
  type CheckoutQuote,
} from '../state/checkout.ts';
import { useHydrated } from '../state/hydrated.ts';
import { garage } from '../state/garage.ts';
import { attributeValueIdOf } from '../../shared/vehicle.ts';

/** The shopper's current vehicle, for the fit of each line. */
const currentVehicleId = () => (garage.current.value ? attributeValueIdOf(garage.current.value) : null);
import { AddressForm, CheckoutSummary, ContactSection, PointsSection } from './checkout-parts.tsx';
import { DisabledReason, failureText, fieldErrorsOf, useFieldErrors } from './form-kit.tsx';
import { ShippingOptionLabel } from './shipping-option-label.tsx';
import { methodsFor, PaymentSection } from './checkout-payment.tsx';
import { CardFields, confirmInBrowser, useBrowserPay } from './browser-pay.tsx';
import { type Placed, usePaypalCheckout } from './checkout-paypal.ts';
import { PaypalButton } from './paypal-button.tsx';
import { resultPage } from '../state/paypal-pay.ts';
import { trackCheckoutStarted } from '../tracking/api.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface CheckoutPageProps {
  market: MarketId;
  labels: { region: string; postalCode: string; delivery: string };
  regions: readonly Region[];
  methods: OfferedPaymentMethod[];
  signedIn: boolean;
  /** The keys of the payment providers' browser scripts (Stripe.js, PayPal's buttons); null: none. */
  keys?: BrowserPayKeys | null;
}

type Calls = ReturnType<typeof checkoutCalls>;

/** Checkout (§2 /checkout): contact, ship-to address, shipping, points, payment method, summary, place order. */
export default function CheckoutPage(props: CheckoutPageProps) {
  const { market, labels, regions, signedIn } = props;
  const hydrated = useHydrated();
  const calls = useMemo<Calls | null>(
    () => (hydrated ? checkoutCalls(api, buyNowTicket(sessionStorage, location.search), currentVehicleId) : null),
    [hydrated],
  );
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  const started = useRef(false);
  // Checkout started (the dashboard's funnel step), once, when the first quote shows what is being bought.
  useEffect(() => {
    if (!quote || started.current) return;
    started.current = true;
    trackCheckoutStarted(quote.lines.reduce((sum, line) => sum + line.quantity, 0));
  }, [quote]);
  const [address, setAddress] = useState<AddressFields | null>(null);
  const [saved, setSaved] = useState<(AddressFields & { id: number; isDefault: boolean })[]>([]);
  const [shippingName, setShippingName] = useState<string | null>(null);
  const pay = useBrowserPay({
    keys: props.keys ?? null,
    currency: marketById(market).currency,
    total: quote?.total ?? null,
    methods: props.methods,
    payee: 'AutoHaven',
  });
  // A wallet on the card provider is offered only where this device can pay with it.
  const methods = props.methods.filter(pay.usable);
  const [method, setMethod] = useState<string>(methods[0]?.id ?? '');
  const paypalKeys = props.keys?.paypal ?? null;
  // PayPal's buttons where its SDK loads; otherwise Place order pays on PayPal's approval page.
  const [paypalDown, setPaypalDown] = useState(false);
  const [bnplProvider, setBnplProvider] = useState('');
  // What the shopper can pay with at this total: a method outside its provider's limits falls back to the first.
  const shown = quote ? methodsFor(methods, quote.total) : methods;
  const payable = shown.some((offered) => offered.id === method) ? method : (shown[0]?.id ?? '');
  const bnplOffer = shown.find((offered) => offered.id === 'BNPL');
  const bnplChoices = quote && bnplOffer ? bnplOptionsFor(bnplOffer, quote.total) : [];
  const provider = bnplChoices.some((option) => option.id === bnplProvider) ? bnplProvider : (bnplChoices[0]?.id ?? '');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fields = useFieldErrors<HTMLDivElement>();
  const reasonId = useId();

  /** A refusal of the server: at its fields when the page has them, else as the order's message. */
  function refused(failure: unknown) {
    const answered = fieldErrorsOf(failure, 'address.');
    const names = Object.keys(answered);
    const page = fields.scope.current;
    if (names.length > 0 && names.every((name) => page?.querySelector(`[name="${name}"]`))) fields.show(answered);
    else setError(failureText(failure, m.something_wrong()));
  }

  async function run<T>(work: () => Promise<T>): Promise<T | null> {
    setBusy(true);
    setError('');
    try {
      return await work();
    } catch (failure) {
      refused(failure);
      return null;
    } finally {
      setBusy(false);
    }
  }

  // A guest's email is priced with once it looks like one (a first-order offer is for new emails only).
  const guestEmail = () => (!signedIn && !emailProblem(email) ? email : undefined);

  const requote = (next: { address?: AddressFields | null; shippingName?: string | null }) =>
    run(async () => {
      const chosen = {
        address: next.address === undefined ? address : next.address,
        shippingName: next.shippingName === undefined ? shippingName : next.shippingName,
        email: guestEmail(),
      };
      const answer = await calls!.quote(chosen);
      if (next.address) fields.show({});
      setQuote(answer);
      if (next.address !== undefined) setAddress(next.address);
      setShippingName(answer.pricing.shippingName);
    });

  // The lock call prices without the address: quoting again keeps the tax, and the total the order is placed at.
  const changePoints = (change: () => Promise<unknown>) =>
    run(async () => {
      await change();
      setQuote(await calls!.quote({ address, shippingName, email: guestEmail() }));
    });

  // Quote once when the checkout calls are ready: requote is a new function on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per calls, on purpose
  useEffect(() => {
    if (!calls) return;
    void requote({});
    if (signedIn)
      void calls
        .savedAddresses()
        .then((list) => {
          const here = list.filter((entry) => entry.market === market);
          setSaved(here);
          const preferred = here.find((entry) => entry.isDefault) ?? here[0];
          if (preferred) void requote({ address: preferred });
        })
        .catch(() => undefined);
  }, [calls]);

  /** Places the order once per checkout key; null when refused (the new total then shows). */
  async function placeIt(wallet: { complete(status: 'fail'): void } | null): Promise<Placed | null> {
    if (!calls || !quote || !address) return null;
    const placed = await run(() =>
      calls.place({
        idempotencyKey: checkoutKey(sessionStorage),
        email: signedIn ? undefined : email,
        address,
        shippingName,
        paymentMethod: payable,
        expectedTotal: quote.total,
      }),
    );
    if (!placed) {
      wallet?.complete('fail');
      // The total may have changed meanwhile (prices, stock, an offer this email has had): show the new one.
      void calls
        .quote({ address, shippingName, email: guestEmail() })
        .then(setQuote)
        .catch(() => undefined);
      return null;
    }
    forgetCheckoutKey(sessionStorage);
    const orderToken = placed.orderToken ?? undefined;
    if (orderToken) sessionStorage.setItem(CHECKOUT_TOKEN_KEY, orderToken);
    return { orderId: placed.order.orderId, orderToken, pending: placed.order.status === 'PAYMENT_PENDING' };
  }

  /** A guest's email checked before anything is placed: false, with the field's message, when it is not one. */
  function emailReady(): boolean {
    const emailError = signedIn ? null : emailProblem(email);
    if (emailError) fields.show({ email: emailError });
    return emailError === null;
  }

  async function placeOrder() {
    if (!emailReady()) return;
    // A wallet's sheet opens inside the click, before the order is placed; closing it places nothing.
    const inBrowser = pay.inBrowser(payable);
    const sheet = inBrowser && payable !== 'CARD' ? pay.openSheet() : null;
    if (inBrowser && payable !== 'CARD' && !sheet) return setError(m.something_wrong());
    const wallet = sheet ? await sheet : null;
    if (sheet && !wallet) return;
    const placed = await placeIt(wallet);
    if (!placed) return;
    // The wallet's sheet closes as the payment went before the page moves on.
    const go = (url: string) => {
      wallet?.complete('success');
      location.assign(url);
    };
    const { orderId, orderToken } = placed;
    if (!placed.pending) return go(resultPage(orderId));
    const choice =
      payable === 'BNPL' ? { bnplProvider: provider } : wallet ? { paymentMethodToken: wallet.paymentMethod.id } : {};
    const browser = inBrowser
      ? { confirm: (secret: string) => confirmInBrowser(pay, secret, wallet !== null) }
      : undefined;
    const refused = await run(() => payForOrder(api, orderId, payable, orderToken, go, choice, browser));
    // The order is placed either way: a refused payment is retried from the result page.
    if (refused) {
      wallet?.complete('fail');
      location.assign(resultPage(orderId));
    }
  }

  // PayPal's buttons: the click places the order (once) and starts PayPal's; approval captures it on the server.
  const paypal = usePaypalCheckout({
    place: () => (emailReady() ? placeIt(null) : Promise.resolve(null)),
    method: payable,
    onRefused: setError,
  });

  if (!quote)
    return (
      <p className="checkout-loading" aria-busy="true">
        {error || m.checkout_loading()}
      </p>
    );
  if (quote.itemCount === 0)
    return (
      <p className="cart-empty">
        {m.checkout_cart_empty()} <a href="/shopCart">{m.back_to_cart()}</a>
      </p>
    );
  // A part the address's state does not allow must leave the order first (issue 40).
  const blocker = quote.lines.some((line) => line.shipRefusal)
    ? m.emissions_remove_to_order()
    : (placeOrderBlocker({ address, shippingName, paymentMethod: payable }) ??
      (payable === 'CARD' && pay.inBrowser('CARD') && !pay.card ? m.card_form_loading() : null));
  return (
    <div className="checkout" data-checkout="" aria-busy={busy} ref={fields.scope}>
      <div className="checkout__steps">
        {!signedIn && (
          <ContactSection
            email={email}
            error={fields.errors.email}
            onChange={(value) => {
              setEmail(value);
              fields.clear('email');
            }}
            onDone={() => {
              if (guestEmail() && address) void requote({});
            }}
          />
        )}
        <section aria-label={m.shipping_address()}>
          <h2>{m.shipping_address()}</h2>
          {saved.length > 0 && (
            <ul className="checkout__saved">
              {saved.map((entry) => (
                <li key={entry.id}>
                  <label>
                    <input
                      type="radio"
                      name="saved-address"
                      checked={address?.addressLine1 === entry.addressLine1 && address.postalCode === entry.postalCode}
                      onChange={() => void requote({ address: entry })}
                    />
                    {entry.firstName} {entry.lastName}, {entry.addressLine1}, {entry.city}, {entry.regionCode}{' '}
                    {entry.postalCode}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <AddressForm
            market={market}
            labels={labels}
            regions={regions}
            initial={address}
            busy={busy}
            errors={fields.errors}
            onInvalid={fields.show}
            onEdit={fields.clear}
            onSubmit={(next) => void requote({ address: next })}
          />
          {address && (
            <p className="checkout__confirmed" data-address-confirmed="">
              {m.shipping_to({
                address: `${address.addressLine1}, ${address.city}, ${address.regionCode} ${address.postalCode}`,
              })}
            </p>
          )}
        </section>
        <section aria-label={labels.delivery}>
          <h2>{labels.delivery}</h2>
          <ul className="checkout__options">
            {quote.pricing.shippingOptions.map((option) => (
              <li key={option.name}>
                <label>
                  <input
                    type="radio"
                    name="shipping"
                    checked={option.name === shippingName}
                    onChange={() => void requote({ shippingName: option.name })}
                  />{' '}
                  <ShippingOptionLabel option={option} pricing={quote.pricing} />
                </label>
              </li>
            ))}
          </ul>
        </section>
        {signedIn && (
          <PointsSection
            quote={quote}
            busy={busy}
            onUse={(count) => void changePoints(() => calls!.lockPoints(count))}
            onRemove={() => void changePoints(() => calls!.unlockPoints())}
          />
        )}
        <PaymentSection
          methods={methods}
          totalCent={quote.total}
          currency={marketById(market).currency}
          method={payable}
          bnplProvider={provider}
          onMethod={setMethod}
          onBnplProvider={setBnplProvider}
        >
          {payable === 'CARD' && pay.inBrowser('CARD') && <CardFields pay={pay} />}
        </PaymentSection>
      </div>
      <aside className="checkout__summary">
        <CheckoutSummary quote={quote} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {/* PayPal's button stays mounted while its window is open (its frames carry the payer's approval). */}
        {paypalKeys && !paypalDown && payable in PAYPAL_FUNDING && blocker === null ? (
          <PaypalButton
            clientId={paypalKeys.clientId}
            currency={marketById(market).currency}
            method={payable}
            {...paypal}
            onUnavailable={() => setPaypalDown(true)}
          />
        ) : (
          <button
            type="button"
            className="button button--primary"
            data-place-order=""
            disabled={busy || blocker !== null}
            aria-describedby={blocker ? reasonId : undefined}
            onClick={() => void placeOrder()}
          >
            {m.place_order()}
          </button>
        )}
        <DisabledReason id={reasonId} reason={blocker} />
      </aside>
    </div>
  );
}
