import CardFitment from '../../../client/islands/CardFitment.tsx';
import { ProductCardBody } from '../../../client/islands/product-card-body.tsx';
import type { SearchRecord } from '../../../shared/catalog-types.ts';
import { Island } from '../../platform/render/Island.tsx';
import { MarkupCache } from '../../platform/render/markup-cache.ts';

/** Rendered cards, reused while the product's data is unchanged: the same part shows in many lists. */
export const renderedCards = new MarkupCache(2000);

/** A product in a list: photo, title, price, rating and whether it fits the chosen vehicle. */
export function ProductCard({ product }: { product: SearchRecord }) {
  const markup = renderedCards.markup(`${product.currency}|${product.itemId}`, JSON.stringify(product), () => (
    <ProductCardBody
      product={product}
      fitment={
        <Island
          name="CardFitment"
          component={CardFitment}
          props={{ itemId: product.itemId, applies: !product.nonVehicle }}
        />
      }
    />
  ));
  return <li className="product-card" data-item-id={product.itemId} dangerouslySetInnerHTML={markup} />;
}
