import type { MarketId } from '../../../shared/markets.ts';
import type { Registration } from '../../../shared/tax-registrations.ts';
import type { RegistrationChange, RegistrationErrors } from '../../tax/staff.ts';
import { FieldError, Hidden, idOf, invalid, RegistrationFields } from './TaxRegistrationFields.tsx';
import { MARKET_NAME, TaxStyles, TaxTabs } from './TaxParts.tsx';

/** One registration a market can hold, and the one it holds. */
export interface RegistrationRowView {
  key: string;
  label: string;
  registration: Registration | null;
  /** What the form posts back of it (registrationShown). */
  shown: string;
}

/** A change that was refused: what was posted (kept in its form) and why. */
export interface RefusedChange {
  change: RegistrationChange;
  errors: RegistrationErrors;
}

const ACTION = '/admin/tax/registrations';
/** A registration held: its number and day, changed or removed in place. */
function HeldRegistration(props: {
  market: MarketId;
  row: RegistrationRowView & { registration: Registration };
  csrf: string;
  today: string;
  refused: RefusedChange | null;
}) {
  const { row, market } = props;
  const mine = props.refused?.change.key === row.key && props.refused.change.shown !== '' ? props.refused : null;
  const errors = mine?.errors ?? {};
  return (
    <li>
      <form
        method="post"
        action={ACTION}
        className="panel registration"
        aria-label={`Registration for ${row.label}`}
        data-registration={`${market}:${row.key}`}
      >
        <Hidden csrf={props.csrf} market={market} shown={row.shown} />
        <input type="hidden" name="key" value={row.key} />
        <h3>{row.label}</h3>
        {errors.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <RegistrationFields
          market={market}
          formId={row.key}
          number={mine?.change.number ?? row.registration.number}
          since={mine?.change.since ?? row.registration.since ?? ''}
          today={props.today}
          errors={errors}
        />
        {mine && (
          <p className="hint">
            Saved now: {row.registration.number}, in effect since {row.registration.since ?? 'an unknown day'}.
          </p>
        )}
        <p className="actions">
          <button type="submit" name="op" value="save">
            Save
          </button>
          <button type="submit" name="op" value="remove" className="secondary" formNoValidate>
            Remove
          </button>
        </p>
      </form>
    </li>
  );
}

/** Adding a registration the market does not hold yet. */
function AddRegistration(props: {
  market: MarketId;
  rows: RegistrationRowView[];
  csrf: string;
  today: string;
  refused: RefusedChange | null;
}) {
  const { market } = props;
  const open = props.rows.filter((row) => row.registration === null);
  if (open.length === 0) return null;
  const mine = props.refused?.change.shown === '' ? props.refused : null;
  const errors = mine?.errors ?? {};
  const select = idOf(market, 'new', 'key');
  return (
    <form
      method="post"
      action={ACTION}
      className="panel"
      aria-label={`Add a registration: ${MARKET_NAME[market]}`}
      data-add-registration={market}
    >
      <Hidden csrf={props.csrf} market={market} shown="" />
      <h3>Add a registration</h3>
      {errors.form && (
        <p className="error" role="alert">
          {errors.form}
        </p>
      )}
      <RegistrationFields
        market={market}
        formId="new"
        number={mine?.change.number ?? ''}
        since={mine?.change.since ?? ''}
        today={props.today}
        errors={errors}
      >
        <div>
          <label htmlFor={select}>{market === 'us' ? 'State' : 'Registration'}</label>
          <select
            id={select}
            name="key"
            defaultValue={mine?.change.key ?? ''}
            required
            {...invalid(select, errors.key)}
          >
            <option value="">Choose…</option>
            {open.map((row) => (
              <option key={row.key} value={row.key}>
                {row.label}
              </option>
            ))}
          </select>
          <FieldError id={select} error={errors.key} />
        </div>
      </RegistrationFields>
      <p className="actions">
        <button type="submit" name="op" value="save">
          Add registration
        </button>
      </p>
    </form>
  );
}

/** A refusal whose form is no longer on the page (its registration was removed meanwhile): said at the top. */
function UnplacedRefusal(props: {
  market: MarketId;
  held: RegistrationRowView[];
  rows: RegistrationRowView[];
  refused: RefusedChange | null;
}) {
  const { refused } = props;
  if (!refused) return null;
  const { change } = refused;
  const inHeld = change.shown !== '' && props.held.some((row) => row.key === change.key);
  const inAdd = change.shown === '' && props.rows.some((row) => row.registration === null);
  if (inHeld || inAdd) return null;
  const messages = Object.values(refused.errors).filter(Boolean);
  return (
    <div className="error" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

const INTRO: Readonly<Record<MarketId, string>> = {
  us: 'A state\u2019s sales tax is charged only where the shop holds that state\u2019s permit.',
  ca:
    'GST/HST is charged in every province once the shop is registered with the Canada Revenue Agency; QST and ' +
    'each province\u2019s PST only with their own registration.',
};

/** The owners' page of where the shop collects sales tax, per market. */
export function TaxRegistrationsPage(props: {
  csrf: string;
  markets: { market: MarketId; rows: RegistrationRowView[] }[];
  today: string;
  notice: string | null;
  refused: RefusedChange | null;
}) {
  const refusedIn = (market: MarketId) => (props.refused?.change.market === market ? props.refused : null);
  return (
    <section className="tax-admin">
      <TaxStyles />
      <TaxTabs current="/admin/tax/registrations" />
      <h1>Sales tax registrations</h1>
      <p className="hint">
        Checkout charges sales tax only where the shop is registered, and says so to the shopper everywhere else. A
        change applies to checkout at once on this server and everywhere within 5 minutes; every change is in the audit
        log.
      </p>
      {props.notice && (
        <p className="ok" role="status">
          {props.notice}
        </p>
      )}
      {props.refused && !['us', 'ca'].includes(props.refused.change.market) && (
        <p className="error" role="alert">
          {props.refused.errors.market}
        </p>
      )}
      {props.markets.map(({ market, rows }) => {
        const held = rows.filter((row): row is RegistrationRowView & { registration: Registration } =>
          Boolean(row.registration),
        );
        return (
          <section key={market} aria-labelledby={`registrations-${market}`} data-market={market}>
            <h2 id={`registrations-${market}`}>{MARKET_NAME[market]}</h2>
            <p className="hint">{INTRO[market]}</p>
            <UnplacedRefusal market={market} held={held} rows={rows} refused={refusedIn(market)} />
            {held.length === 0 ? (
              <p className="muted">Not registered anywhere: no tax is charged in this market.</p>
            ) : (
              <ul className="registrations">
                {held.map((row) => (
                  <HeldRegistration
                    key={row.key}
                    market={market}
                    row={row}
                    csrf={props.csrf}
                    today={props.today}
                    refused={refusedIn(market)}
                  />
                ))}
              </ul>
            )}
            <AddRegistration
              market={market}
              rows={rows}
              csrf={props.csrf}
              today={props.today}
              refused={refusedIn(market)}
            />
          </section>
        );
      })}
    </section>
  );
}
