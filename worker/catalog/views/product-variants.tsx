import VariantPicker from '../../../client/islands/VariantPicker.tsx';
import { stockLabel } from '../../../shared/item-status.ts';
import type { Market } from '../../../shared/markets.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Island } from '../../platform/render/Island.tsx';
import type { VariantChoice } from '../variants.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/** What a variant's choice says of its availability: its stock words, sold out, or not sold in the market. */
export function variantStateWords(state: string, market: Market): string {
  if (state === 'NOT_SOLD') return m.product_not_sold_in({ country: market.country.inSentence });
  return stockLabel(state) ?? m.product_unavailable();
}

/**
 * The product's variants as links (`?sku=`, so the page works without JavaScript and a choice can be shared), each
 * with its price in the market's currency and its availability; one that cannot be bought is shown, marked so. The
 * island swaps the chosen variant in without a reload.
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
  const options = choices.map((choice) => ({
    skuId: choice.skuId,
    name: choice.name,
    price:
      choice.discountPrice !== null && choice.state !== 'NOT_SOLD'
        ? formatMoney({ cent: choice.discountPrice, currency: market.currency })
        : null,
    state: choice.state,
    words: variantStateWords(choice.state, market),
  }));
  const chosen = choices.find((choice) => choice.chosen)?.skuId ?? choices[0]!.skuId;
  return <Island name="VariantPicker" component={VariantPicker} props={{ legend, options, chosen }} hydrate="idle" />;
}
