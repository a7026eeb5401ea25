import { type MouseEvent, useEffect, useRef, useState } from 'react';

/** One SKU as a choice: its name, price and availability as the server wrote them. */
export interface VariantOption {
  skuId: number;
  name: string;
  /** The price in the market's currency, formatted; null where it is not sold. */
  price: string | null;
  /** NOT_SOLD, SOLD_OUT, or the product's status (a state other than those two can be bought). */
  state: string;
  /** The availability in words ("In stock", "Sold out", "Not sold in Canada"). */
  words: string;
}

export interface VariantPickerProps {
  legend: string;
  options: VariantOption[];
  chosen: number;
}

/** The parts of the product page that follow the chosen variant. */
const FOLLOWING = [
  '.product__gallery',
  '[data-part-number]',
  '.product-price',
  '.product__instalments',
  '.product__stock',
  '[data-island="AddToCart"]',
];

/** A variant that cannot be bought here: not sold in the market, or sold out. */
const unavailable = (option: VariantOption) => option.state === 'NOT_SOLD' || option.state === 'SOLD_OUT';

const skuInAddress = () => new URLSearchParams(location.search).get('sku');

/**
 * Takes the parts that follow the variant from its own page (the page a link to it opens), and hydrates the islands
 * among them; false when the pages differ in shape, so the caller opens the page instead.
 */
async function swapIn(href: string): Promise<boolean> {
  const response = await fetch(href, { headers: { accept: 'text/html' } });
  if (!response.ok) return false;
  const next = new DOMParser().parseFromString(await response.text(), 'text/html');
  const pairs = FOLLOWING.map((selector) => [document.querySelector(selector), next.querySelector(selector)] as const);
  if (pairs.some(([old, fresh]) => Boolean(old) !== Boolean(fresh))) return false;
  const { hydrateIsland } = await import('../hydrate.ts');
  for (const [old, fresh] of pairs) {
    if (!old || !fresh) continue;
    const adopted = document.adoptNode(fresh);
    old.replaceWith(adopted);
    const islands = [adopted, ...adopted.querySelectorAll('[data-island]')];
    for (const island of islands)
      if (island instanceof HTMLElement && island.dataset.island) void hydrateIsland(island);
  }
  return true;
}

/**
 * The product's variants as links (`?sku=`: the page works without this script, and a choice can be shared); once
 * hydrated, a choice swaps the price, part number, stock, pictures and add to cart in place, without a reload.
 */
export default function VariantPicker({ legend, options, chosen: first }: VariantPickerProps) {
  const [chosen, setChosen] = useState(first);
  const [busy, setBusy] = useState(false);
  const shown = useRef(first);
  useEffect(() => {
    // Back and forward between choices open the page of the choice in the address.
    const back = () => {
      if (skuInAddress() !== String(shown.current)) location.reload();
    };
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);

  async function choose(event: MouseEvent<HTMLAnchorElement>, option: VariantOption) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy || option.skuId === shown.current) return;
    const href = `?sku=${option.skuId}`;
    setBusy(true);
    const swapped = await swapIn(href).catch(() => false);
    if (!swapped) return location.assign(href);
    shown.current = option.skuId;
    history.pushState(null, '', href);
    setChosen(option.skuId);
    setBusy(false);
  }

  return (
    <nav className="variants" aria-labelledby="variants-legend" aria-busy={busy}>
      <p id="variants-legend" className="variants__legend">
        {legend}
      </p>
      <ul className="variants__list">
        {options.map((option) => (
          <li key={option.skuId}>
            <a
              className={unavailable(option) ? 'variant variant--unavailable' : 'variant'}
              href={`?sku=${option.skuId}`}
              data-sku={option.skuId}
              data-state={option.state}
              aria-current={option.skuId === chosen ? 'true' : undefined}
              onClick={(event) => void choose(event, option)}
            >
              <span className="variant__name">{option.name}</span>
              {option.price && <span className="variant__price">{option.price}</span>}
              <small className="variant__state">{option.words}</small>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
