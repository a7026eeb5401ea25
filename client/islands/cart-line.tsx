import { useEffect, useState } from 'react';
import { MAX_LINE_QUANTITY, type CartLineView } from '../../shared/cart.ts';
import { FIT_DISPLAY } from '../../shared/fitment.ts';
import { stockLabel } from '../../shared/item-status.ts';
import { formatMoney } from '../../shared/money.ts';
import { coreChargeWords } from '../../shared/core-charges.ts';
import { Prop65Warning } from './prop65-warning.tsx';
import { ShipRefusalNote } from './ship-refusal.tsx';
import { ShipLimitNote } from './ship-limit.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

export interface LineActions {
  setQuantity(line: CartLineView, count: number): void;
  remove(line: CartLineView): void;
  busy: boolean;
}

/** The fit status of a cart line (§4): colour, sentence and the action to take. */
function LineFitment({ line }: { line: CartLineView }) {
  if (!line.carModelMatch) return null;
  const display = FIT_DISPLAY[line.carModelMatch];
  const notes = line.cartModelAttr ? [...line.cartModelAttr.positions, ...line.cartModelAttr.notes] : [];
  return (
    <div className={`fitment-badge fitment-badge--${display.colour}`} data-fit={line.carModelMatch}>
      <span>{line.extraSubTitleJoinVehicle}</span>
      {notes.length > 0 && <small> ({notes.join('; ')})</small>}
      <a className="fitment-badge__action" href="/#vehicle-selector">
        {display.action}
      </a>
    </div>
  );
}

/** One cart line: photo, title, part number, fitment, unit price, quantity stepper, line total, remove. */
export function CartLine({ line, actions }: { line: CartLineView; actions: LineActions }) {
  const [typed, setTyped] = useState(String(line.itemCount));
  useEffect(() => setTyped(String(line.itemCount)), [line.itemCount]);
  const most = Math.max(1, Math.min(MAX_LINE_QUANTITY, line.availableTotal || line.itemCount));
  const money = (cent: number) => formatMoney({ cent, currency: line.currency });
  const commit = () => {
    const wanted = Math.trunc(Number(typed));
    if (!Number.isFinite(wanted) || wanted < 1) return setTyped(String(line.itemCount));
    if (wanted !== line.itemCount) actions.setQuantity(line, Math.min(wanted, MAX_LINE_QUANTITY));
  };
  const href = line.urlHandle ? `/product/${line.urlHandle}` : undefined;
  return (
    <li className="cart-line" data-cart-line={line.key} data-status={line.status}>
      <img
        src={line.imageUrl ?? '/static/parts/placeholder.svg'}
        alt=""
        width="96"
        height="96"
        loading="lazy"
        data-retry=""
      />
      <div className="cart-line__about">
        {href ? <a href={href}>{line.title}</a> : <span>{line.title}</span>}
        {line.extraSubTitle && <small>{line.extraSubTitle}</small>}
        {line.coreCharge !== null && line.usable && (
          <small className="cart-line__core" data-core-charge={line.coreCharge}>
            {coreChargeWords({ cent: line.coreCharge, currency: line.currency }, line.itemCount)}
          </small>
        )}
        {line.shipRefusal && <ShipRefusalNote refusal={line.shipRefusal} />}
        {line.shipLimit && <ShipLimitNote limit={line.shipLimit} />}
        {line.prop65 && <Prop65Warning listing={line.prop65} />}
        {line.usable ? (
          <LineFitment line={line} />
        ) : (
          <strong className="cart-line__unusable">
            {line.status === 'SOLD_OUT' ? stockLabel('SOLD_OUT') : m.cart_no_longer()}
          </strong>
        )}
      </div>
      <div className="cart-line__price">
        <span>{money(line.discountPrice)}</span>
        {line.originalPrice > line.discountPrice && <s>{money(line.originalPrice)}</s>}
      </div>
      {line.usable && (
        <div className="quantity-stepper" role="group" aria-label={m.quantity_of({ title: line.title })}>
          <button
            type="button"
            aria-label={m.quantity_less()}
            disabled={actions.busy || line.itemCount <= 1}
            onClick={() => actions.setQuantity(line, line.itemCount - 1)}
          >
            −
          </button>
          <input
            aria-label={m.quantity()}
            inputMode="numeric"
            value={typed}
            disabled={actions.busy}
            onChange={(event) => setTyped(event.target.value.replace(/\D/g, '').slice(0, 2))}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit();
            }}
          />
          <button
            type="button"
            aria-label={m.quantity_more()}
            disabled={actions.busy || line.itemCount >= most}
            onClick={() => actions.setQuantity(line, line.itemCount + 1)}
          >
            +
          </button>
        </div>
      )}
      <strong className="cart-line__total">{line.usable ? money(line.lineTotal) : ''}</strong>
      <button type="button" className="cart-line__remove" disabled={actions.busy} onClick={() => actions.remove(line)}>
        {m.remove()}
      </button>
    </li>
  );
}
