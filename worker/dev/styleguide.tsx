import { CARD_FIT_WORDS } from '../../client/islands/CardFitment.tsx';
import { FIT_DISPLAY, type FitStatus } from '../../shared/fitment.ts';

/** The tokens a swatch shows, by name: docs/design-system.md lists what each is for. */
const COLOURS = [
  'red',
  'red-dark',
  'ink',
  'ink-2',
  'muted',
  'line',
  'line-strong',
  'bg',
  'surface-2',
  'link',
  'green',
  'orange',
  'grey',
  'green-text',
  'orange-text',
  'grey-text',
] as const;
const TYPE_SCALE = ['text-2xl', 'text-xl', 'text-lg', 'text-md', 'text-sm', 'text-xs'] as const;
const SPACES = [1, 2, 3, 4, 5, 6, 7] as const;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="styleguide__section" aria-labelledby={`sg-${id}`} data-styleguide={id}>
      <h2 id={`sg-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

function Tokens() {
  return (
    <>
      <Section id="colour" title="Colour">
        <ul className="styleguide__swatches">
          {COLOURS.map((name) => (
            <li key={name}>
              <span className="styleguide__swatch" style={{ background: `var(--${name})` }} />
              <code>--{name}</code>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="type" title="Type scale">
        {TYPE_SCALE.map((name) => (
          <p key={name} style={{ fontSize: `var(--${name})`, margin: '4px 0' }}>
            <code>--{name}</code> Brake pads for a 2019 Ford F-150
          </p>
        ))}
      </Section>
      <Section id="space" title="Spacing, radius and shadow">
        <ul className="styleguide__spaces">
          {SPACES.map((step) => (
            <li key={step}>
              <span style={{ width: `var(--space-${step})` }} />
              <code>--space-{step}</code>
            </li>
          ))}
        </ul>
        <div className="styleguide__row">
          {['shadow-1', 'shadow-2', 'shadow-3'].map((name) => (
            <div key={name} className="card" style={{ boxShadow: `var(--${name})` }}>
              <code>--{name}</code>
            </div>
          ))}
        </div>
      </Section>
    </>
  );
}

function Controls() {
  return (
    <>
      <Section id="buttons" title="Buttons">
        <div className="styleguide__row">
          <button type="button" className="button">
            Add to cart
          </button>
          <button type="button" className="button button--secondary">
            Use VIN
          </button>
          <button type="button" className="button button--dark">
            Subscribe
          </button>
          <button type="button" className="button button--small">
            Apply
          </button>
          <button type="button" className="button button--link">
            Remove
          </button>
          <button type="button">A bare button</button>
          <button type="button" className="button" disabled>
            Place order
          </button>
        </div>
      </Section>
      <Section id="fields" title="Fields">
        <div className="form-grid">
          <label className="field form-grid__wide">
            Address
            <input name="sg-address" placeholder="350 5th Ave" />
          </label>
          <label className="field">
            City
            <input name="sg-city" />
          </label>
          <label className="field">
            State
            <select name="sg-state" defaultValue="NY">
              <option value="NY">New York</option>
            </select>
          </label>
          <label className="field">
            ZIP code
            <input name="sg-zip" aria-invalid="true" />
            <span className="form-error field-error">Please enter a valid ZIP code</span>
          </label>
        </div>
        <label className="checkbox">
          <input type="checkbox" defaultChecked /> Remember me
        </label>
      </Section>
      <Section id="stepper" title="Quantity stepper">
        <div className="quantity-stepper">
          <button type="button" aria-label="Fewer">
            −
          </button>
          <input aria-label="Quantity" defaultValue="2" inputMode="numeric" />
          <button type="button" aria-label="More">
            +
          </button>
        </div>
      </Section>
    </>
  );
}

function Display() {
  return (
    <>
      <Section id="badges" title="Badges">
        <div className="styleguide__row">
          {(Object.keys(FIT_DISPLAY) as FitStatus[]).map((status) => (
            <span key={status} className={`card-fit card-fit--${FIT_DISPLAY[status].colour}`}>
              {CARD_FIT_WORDS[status]()}
            </span>
          ))}
          <span className="percent-off">-25%</span>
          <span className="badge">In stock</span>
          <span className="order-status">Processing</span>
        </div>
      </Section>
      <Section id="notices" title="Notices">
        {(['info', 'success', 'warning', 'error'] as const).map((tone) => (
          <p key={tone} className={`callout callout--${tone}`}>
            {`${tone[0]!.toUpperCase()}${tone.slice(1)}: free Standard Shipping on orders over $99.`}
          </p>
        ))}
      </Section>
      <Section id="cards" title="Cards and tables">
        <div className="card">
          <h3>A card</h3>
          <p>Panels, summaries and product cards share this border, radius and shadow.</p>
        </div>
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th>Year</th>
                <th>Make</th>
                <th>Model</th>
                <th>Trim</th>
                <th>Engine</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>2019</td>
                <td>Ford</td>
                <td>F-150</td>
                <td>XLT SuperCrew</td>
                <td>3.5L V6 EcoBoost</td>
              </tr>
            </tbody>
          </table>
        </div>
      </Section>
      <Section id="drawer" title="Drawer">
        <p>
          A <code>.drawer</code> slides over the page from the right on phones (the search filters use it). Shown here
          in place:
        </p>
        <div className="drawer styleguide__drawer">
          <h3>Filters</h3>
          <p>Brand, price, position…</p>
        </div>
      </Section>
    </>
  );
}

/** /dev/styleguide: every token and component of the design system on one page (development only). */
export function StyleguidePage() {
  return (
    <div className="styleguide">
      <h1>Design system</h1>
      <p className="styleguide__intro">
        The tokens and components of <code>client/styles</code>, described in <code>docs/design-system.md</code>.
      </p>
      <Tokens />
      <Controls />
      <Display />
    </div>
  );
}
