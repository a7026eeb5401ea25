import AddToCart from '../../../client/islands/AddToCart.tsx';
import DeliveryEstimate from '../../../client/islands/DeliveryEstimate.tsx';
import FitmentBadge from '../../../client/islands/FitmentBadge.tsx';
import ProductGallery, { type GalleryImage } from '../../../client/islands/ProductGallery.tsx';
import ProductVideos, { type GalleryVideo } from '../../../client/islands/ProductVideos.tsx';
import Recommendations from '../../../client/islands/Recommendations.tsx';
import RecentlyViewed from '../../../client/islands/RecentlyViewed.tsx';
import ReviewForm from '../../../client/islands/ReviewForm.tsx';
import { DEFAULT_RATING, PERCENT_OFF_BADGE_MIN } from '../../../shared/constants.ts';
import { isBuyable, statusIn } from '../../../shared/item-status.ts';
import type { Market } from '../../../shared/markets.ts';
import { formatMoney, percentOff } from '../../../shared/money.ts';
import { CORE_RETURN_DAYS, coreChargeWords } from '../../../shared/core-charges.ts';
import { formatTag } from '../../../shared/i18n/format.ts';
import type { FitmentTableRow, ItemMediaRow, ItemPageRow, ReviewRow } from '../repository.ts';
import type { SkuRecord } from '../records.ts';
import { Island } from '../../platform/render/Island.tsx';
import { MarkupCache } from '../../platform/render/markup-cache.ts';
import { RegulatedNotes, shippingClassesOf } from './product-regulated.tsx';
import { VariantChoices, variantStateWords } from './product-variants.tsx';
import { StructuredData } from './product-structured-data.tsx';
import { variantChoices, variantLabels, variantState } from '../variants.ts';
import { staticAsset } from '../../platform/build-info.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

export interface ProductView {
  item: ItemPageRow;
  skus: SkuRecord[];
  /** The SKU shown and bought: the one `?sku=` chose, else the first. */
  sku: SkuRecord | undefined;
  faqs: { question: string; answer: string }[];
  reviews: ReviewRow[];
  /** inKind, location and the installation videos. */
  media: ItemMediaRow;
  /** The request's origin, for the absolute URLs of the structured data. */
  origin: string;
  market: Market;
  soldHere: boolean;
  fitment: { total: number; rows: FitmentTableRow[] };
  /** "or 4 interest-free payments of $12.50 with Afterpay, Klarna, or PayPal" where an offer takes the price. */
  instalments?: string | null;
}

const PLACEHOLDER = staticAsset('/static/parts/placeholder.svg');

/** The part's condition in the page's language ("New" is the one the shop names; others read as stored). */
const conditionOf = (condition: string) => (condition === 'New' ? m.condition_new() : condition);

function Price({ sku, market }: { sku: SkuRecord; market: Market }) {
  if (sku.discountPrice === null || sku.originalPrice === null) return null;
  const off = percentOff(sku.originalPrice, sku.discountPrice);
  return (
    <p className="product-price" data-price={sku.discountPrice}>
      <strong>{formatMoney({ cent: sku.discountPrice, currency: market.currency })}</strong>
      {sku.originalPrice > sku.discountPrice && (
        <s>{formatMoney({ cent: sku.originalPrice, currency: market.currency })}</s>
      )}
      {off >= PERCENT_OFF_BADGE_MIN && <span className="percent-off">{m.percent_off({ percent: off })}</span>}
      {sku.coreCharge !== null && (
        <span className="core-charge" data-core-charge={sku.coreCharge}>
          {coreChargeWords({ cent: sku.coreCharge, currency: market.currency })}{' '}
          <small>{m.core_explain({ days: CORE_RETURN_DAYS })}</small>
        </span>
      )}
    </p>
  );
}

/**
 * The item's photos for the gallery, main first, each with its alt text (its title, else the product's); the chosen
 * variant's own picture, when it has one, comes first.
 */
function galleryImages(item: ItemPageRow, sku: SkuRecord | undefined, variant: string | null): GalleryImage[] {
  const photos = [...item.images].sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.index - b.index);
  const own = sku?.imageUrl ? [{ url: staticAsset(sku.imageUrl), alt: `${item.alt ?? item.title}, ${variant}` }] : [];
  if (photos.length === 0 && own.length === 0) return [{ url: PLACEHOLDER, alt: item.alt ?? item.title }];
  return [
    ...own,
    ...photos.map((photo) => ({ url: staticAsset(photo.url), alt: photo.title ?? item.alt ?? item.title })),
  ];
}

/**
 * The item's videos for the gallery, each with a poster: its own cover, else the item's video cover, else its main
 * photo.
 */
function galleryVideos(media: ItemMediaRow, item: ItemPageRow, mainImage: string): GalleryVideo[] {
  return media.additionalVideos.map((video) => ({
    index: video.index,
    url: video.url,
    poster: video.coverUrl ?? media.additionalVideoCoverUrl ?? mainImage,
    label: video.title ?? m.product_video_of({ title: item.title }),
    title: video.title,
  }));
}

function FitmentTable({ fitment }: { fitment: ProductView['fitment'] }) {
  if (fitment.total === 0) return null;
  return (
    <section aria-labelledby="fitment-table">
      <h2 id="fitment-table">{m.fitment_applications({ count: fitment.total })}</h2>
      {/* A scrolling region keyboard users can reach and scroll. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard */}
      <section className="table-scroll fitment-table__scroll" tabIndex={0} aria-labelledby="fitment-table">
        <table className="table fitment-table">
          <thead>
            <tr>
              <th>{m.vehicle_year()}</th>
              <th>{m.vehicle_make()}</th>
              <th>{m.vehicle_model()}</th>
              <th>{m.vehicle_trim()}</th>
              <th>{m.vehicle_engine()}</th>
              <th>{m.fitment_position()}</th>
              <th>{m.fitment_notes()}</th>
            </tr>
          </thead>
          <tbody>
            {fitment.rows.map((row, i) => (
              <tr key={i}>
                <td data-label={m.vehicle_year()}>{row.year}</td>
                <td data-label={m.vehicle_make()} translate="no">
                  {row.make}
                </td>
                <td data-label={m.vehicle_model()} translate="no">
                  {row.model}
                </td>
                <td data-label={m.vehicle_trim()}>{row.subModel ?? m.fitment_all()}</td>
                <td data-label={m.vehicle_engine()}>{row.engine ?? m.fitment_all()}</td>
                <td data-label={m.fitment_position()}>{row.location ?? ''}</td>
                <td data-label={m.fitment_notes()}>{row.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {fitment.total > fitment.rows.length && <p>{m.fitment_showing_first({ count: fitment.rows.length })}</p>}
    </section>
  );
}

function Reviews({ item, reviews }: { item: ItemPageRow; reviews: ReviewRow[] }) {
  const rating = item.reviewCount > 0 && item.reviewRating !== null ? item.reviewRating : DEFAULT_RATING;
  return (
    <section className="product-reviews" aria-labelledby="reviews">
      <h2 id="reviews">{m.reviews_heading()}</h2>
      <p data-rating={rating}>
        {item.reviewCount > 0
          ? m.reviews_summary({ rating: rating.toLocaleString(formatTag()), count: item.reviewCount })
          : m.reviews_none()}
      </p>
      <ul className="review-list">
        {reviews.map((review) => (
          // A review is the shopper's own words, shown as they wrote them (data-shopper-words).
          <li key={review.id} data-shopper-words="">
            <strong>{`${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)} ${review.title}`}</strong>
            <p>{review.content}</p>
            <small>
              {[review.name, review.vehicle, review.verifiedPurchase ? m.reviews_verified() : null]
                .filter(Boolean)
                .join(' · ')}
            </small>
          </li>
        ))}
      </ul>
      <details className="review-write" id="write-review">
        <summary>{m.reviews_write()}</summary>
        <Island name="ReviewForm" component={ReviewForm} props={{ itemId: item.id }} hydrate="idle" />
      </details>
    </section>
  );
}

/** Rendered product pages, reused while the product's data is unchanged (one per product and market). */
export const renderedProducts = new MarkupCache(200);

/** The product page: photos, price, stock, whether it fits, where it fits, specs. */
export function ProductPage({ view }: { view: ProductView }) {
  const { item, market } = view;
  const markup = renderedProducts.markup(`${market.id}|${item.id}|${view.sku?.skuId}`, JSON.stringify(view), () => (
    <ProductBody view={view} />
  ));
  return <article className="product" data-item-id={item.id} dangerouslySetInnerHTML={markup} />;
}

function ProductBody({ view }: { view: ProductView }) {
  const { item, skus, sku, market } = view;
  const main = item.images.find((image) => image.isMain) ?? item.images[0];
  const partNumber = <strong translate="no">{sku?.partNumber}</strong>;
  const status = statusIn(item, market.id);
  const choices = variantChoices(skus, sku, status, view.soldHere);
  const chosen = choices.find((choice) => choice.chosen);
  const state = sku ? variantState(sku, status, view.soldHere) : view.soldHere ? status : 'NOT_SOLD';
  const image = sku?.imageUrl ?? main?.url;
  return (
    <>
      <div className="product__gallery">
        <Island
          name="ProductGallery"
          component={ProductGallery}
          props={{ images: galleryImages(item, sku, chosen?.name ?? null) }}
        />
        {view.media.additionalVideos.length > 0 && (
          <Island
            name="ProductVideos"
            component={ProductVideos}
            props={{ videos: galleryVideos(view.media, item, main ? staticAsset(main.url) : PLACEHOLDER) }}
          />
        )}
      </div>
      <div className="product__summary">
        <h1>{item.title}</h1>
        {item.subTitle && <p className="product__subtitle">{item.subTitle}</p>}
        <p data-part-number={sku?.partNumber}>
          {m.product_brand()} <strong translate="no">{item.brandName ?? ''}</strong> · {m.product_part_number()}{' '}
          {partNumber} · {m.product_condition()} {conditionOf(item.itemCondition)}
        </p>
        {sku && <Price sku={sku} market={market} />}
        <VariantChoices choices={choices} labels={variantLabels(skus)} market={market} />
        {view.instalments && view.soldHere && (
          <p className="product__instalments" data-instalments="">
            {view.instalments}
          </p>
        )}
        <p className="product__stock" data-stock={state}>
          {variantStateWords(state, market)}
        </p>
        {sku && (
          <Island
            name="AddToCart"
            component={AddToCart}
            props={{
              skuId: sku.skuId,
              itemId: item.id,
              applies: item.nonVehicle !== 1,
              buyable: isBuyable(state),
              availableTotal: sku.availableTotal,
            }}
          />
        )}
        <RegulatedNotes item={item} market={market.id} />
        {view.soldHere && (
          <Island
            name="DeliveryEstimate"
            component={DeliveryEstimate}
            props={{ market: market.id, now: Date.now(), ...shippingClassesOf(item) }}
          />
        )}
        <Island
          name="FitmentBadge"
          component={FitmentBadge}
          props={{ itemId: item.id, applies: item.nonVehicle !== 1 }}
        />
        {item.vehicleUniversal === 1 && <p>{m.product_universal()}</p>}
      </div>
      <section className="product__specs" aria-labelledby="specs">
        <h2 id="specs">{m.product_specifications()}</h2>
        <dl>
          {item.customs.map((spec) => (
            <div key={spec.label}>
              <dt>{spec.label}</dt>
              <dd>{spec.value}</dd>
            </div>
          ))}
          <div>
            <dt>{m.product_warranty()}</dt>
            <dd>{item.warranty}</dd>
          </div>
        </dl>
        {item.installation && <p>{item.installation}</p>}
        {item.detailContent && <p>{item.detailContent}</p>}
      </section>
      <FitmentTable fitment={view.fitment} />
      {view.faqs.length > 0 && (
        <section className="product-faq" aria-labelledby="faq">
          <h2 id="faq">{m.product_questions()}</h2>
          {view.faqs.map((faq) => (
            <details key={faq.question}>
              <summary>{faq.question}</summary>
              <p>{faq.answer}</p>
            </details>
          ))}
        </section>
      )}
      <Reviews item={item} reviews={view.reviews} />
      <Island name="Recommendations" component={Recommendations} props={{ itemId: item.id }} hydrate="visible" />
      <Island
        name="RecentlyViewed"
        component={RecentlyViewed}
        hydrate="idle"
        props={{
          current: {
            itemId: item.id,
            title: item.title,
            // The variant viewed is the one the list links back to.
            urlHandle: chosen && sku !== skus[0] ? `${item.urlHandle}?sku=${chosen.skuId}` : item.urlHandle,
            imageUrl: image ? staticAsset(image) : null,
            reviewRating: item.reviewRating,
          },
        }}
      />
      <StructuredData view={view} choices={choices} state={state} />
    </>
  );
}
