import { isBuyable } from '../../../shared/item-status.ts';
import type { SkuRecord } from '../records.ts';
import type { VariantChoice } from '../variants.ts';
import type { Market } from '../../../shared/markets.ts';
import type { ItemPageRow } from '../repository.ts';

/** One SKU's schema.org Offer in the market (out of stock where it cannot be bought), or nothing with no price. */
function offerOf(sku: SkuRecord | undefined, state: string, url: string, currency: string) {
  if (sku?.discountPrice == null) return {};
  return {
    offers: {
      '@type': 'Offer',
      price: (sku.discountPrice / 100).toFixed(2),
      priceCurrency: currency,
      url,
      availability: `https://schema.org/${isBuyable(state) ? 'InStock' : 'OutOfStock'}`,
    },
  };
}

/** What the structured data is drawn from (the product page's view). */
interface StructuredView {
  item: ItemPageRow;
  skus: SkuRecord[];
  sku: SkuRecord | undefined;
  market: Market;
  origin: string;
}

/**
 * schema.org Product / Offer / AggregateRating, for search engines; a product of several SKUs is a ProductGroup with
 * one Product and Offer per SKU (hasVariant), each at its own `?sku=` address.
 */
export function StructuredData({
  view,
  choices,
  state,
}: {
  view: StructuredView;
  choices: VariantChoice[];
  state: string;
}) {
  const { item, skus, market, origin } = view;
  const url = `${origin}/product/${item.urlHandle}`;
  const images = item.images.map((image) => `${origin}${image.url}`);
  const rating = item.reviewCount > 0 &&
    item.reviewRating !== null && {
      aggregateRating: { '@type': 'AggregateRating', ratingValue: item.reviewRating, reviewCount: item.reviewCount },
    };
  const common = {
    brand: { '@type': 'Brand', name: item.brandName },
    itemCondition: `https://schema.org/${item.itemCondition === 'New' ? 'New' : 'Refurbished'}Condition`,
  };
  const data =
    choices.length > 1
      ? {
          '@context': 'https://schema.org',
          '@type': 'ProductGroup',
          name: item.title,
          productGroupID: String(item.id),
          url,
          image: images,
          ...common,
          ...(skus.some((sku) => sku.color) && { variesBy: ['https://schema.org/color'] }),
          hasVariant: choices.map((choice, index) => {
            const sku = skus[index];
            return {
              '@type': 'Product',
              name: `${item.title} (${choice.name})`,
              sku: choice.partNumber,
              mpn: choice.partNumber,
              ...(sku?.color && { color: sku.color }),
              image: sku?.imageUrl ? [`${origin}${sku.imageUrl}`, ...images] : images,
              ...common,
              ...offerOf(sku, choice.state, `${url}?sku=${choice.skuId}`, market.currency),
            };
          }),
          ...rating,
        }
      : {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: item.title,
          sku: view.sku?.partNumber,
          mpn: view.sku?.partNumber,
          image: images,
          ...common,
          ...offerOf(view.sku, state, url, market.currency),
          ...rating,
        };
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
