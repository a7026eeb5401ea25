import { stockLabel } from '../../../shared/item-status.ts';
import type { Market } from '../../../shared/markets.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { VariantChoice } from '../variants.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/** What a variant's choice says of its availability: its stock words, sold out, or not sold in the market. */
export function variantStateWords(state: string, market: Market): string {
  if (state === 'NOT_SOLD') return m.product_not_sold_in({ country: market.country.inSentence });
  return stockLabel(state) ?? m.product_unavailable();
}

/**
 * The product's variants as links (`?sku=`, so the page works without JavaScript and a choice can be shared), each
 * with its price in the market's currency and its availability; one that cannot be bought is shown, marked so.
 */
export function VariantChoices({
  choices,
  labels,
  market,
}: {
  choices: VariantChoice[];
  labels: string[];
  market: Market;
}) {
  if (choices.length === 0) return null;
  const legend = labels.length ? m.variant_choose({ names: labels.join(' · ') }) : m.variant_options();
  return (
    <nav className="variants" aria-labelledby="variants-legend">
      <p id="variants-legend" className="variants__legend">
        {legend}
      </p>
      <ul className="variants__list">
        {choices.map((choice) => {
          const unavailable = choice.state === 'NOT_SOLD' || choice.state === 'SOLD_OUT';
          return (
            <li key={choice.skuId}>
              <a
                className={`variant${unavailable ? ' variant--unavailable' : ''}`}
                href={`?sku=${choice.skuId}`}
                data-sku={choice.skuId}
                data-state={choice.state}
                aria-current={choice.chosen ? 'true' : undefined}
              >
                <span className="variant__name">{choice.name}</span>
                {choice.discountPrice !== null && choice.state !== 'NOT_SOLD' && (
                  <span className="variant__price">
                    {formatMoney({ cent: choice.discountPrice, currency: market.currency })}
                  </span>
                )}
                <small className="variant__state">{variantStateWords(choice.state, market)}</small>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
