import { formatMoney, moneyIn } from '../../../shared/money.ts';
import { marketById, type MarketId } from '../../../shared/markets.ts';

/**
 * What the sales-tax pages share (issue 39): their tabs, their own rules on top of the console's
 * (inline, as the console's are: the back office loads no stylesheet and no script), and money.
 */

const TAX_CSS = `
.tax-admin .registrations{list-style:none;padding:0;margin:0 0 12px;display:grid;gap:12px;
grid-template-columns:repeat(auto-fill,minmax(340px,1fr))}
.tax-admin .registration{margin:0}
.tax-admin .form-grid{align-items:start}
.tax-admin .registration h3{font-size:15px;margin:0 0 8px}
.tax-admin .registration .form-grid{grid-template-columns:repeat(auto-fit,minmax(150px,1fr))}
.tax-admin .actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:10px}
.tax-admin .filters{display:grid;grid-template-columns:repeat(3,minmax(0,180px)) auto;gap:10px;align-items:end;
margin:0 0 14px}
.tax-admin .filters input,.tax-admin .filters select{width:100%;min-width:0}
.tax-admin .downloads{margin:0 0 14px}
.tax-admin .badge.over{background:#fdecec;color:#a4161a}
.tax-admin .badge.near{background:#fff4d6;color:#7a4b00}
.tax-admin .badge.registered{background:#e8f6ee;color:#14532d}
.tax-admin tr.total td{font-weight:600;background:#f7f8fa}
.tax-admin .summary{margin:0 0 14px}
.tax-admin .summary li{margin:2px 0}
.tax-admin .note{display:block}
@media (max-width:600px){.tax-admin .registrations{grid-template-columns:1fr}
.tax-admin .registration .form-grid{grid-template-columns:1fr}
.tax-admin .filters{grid-template-columns:repeat(2,minmax(0,1fr))}.tax-admin .filters .wide{grid-column:1/-1}
.tax-admin .tabs{flex-wrap:wrap;overflow-x:visible}}
`;

export function TaxStyles() {
  return <style>{TAX_CSS}</style>;
}

const TABS = [
  { href: '/admin/tax/registrations', label: 'Registrations' },
  { href: '/admin/tax/nexus', label: 'Economic nexus' },
  { href: '/admin/tax/filing', label: 'Filing report' },
] as const;

/** The tabs between the three sales-tax pages. */
export function TaxTabs({ current }: { current: (typeof TABS)[number]['href'] }) {
  return (
    <nav className="tabs" aria-label="Sales tax">
      {TABS.map((tab) => (
        <a key={tab.href} href={tab.href} aria-current={tab.href === current ? 'page' : undefined}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}

/** An amount in the market's currency: "$1,234.50", "CA$99.00". */
export const moneyOf = (market: MarketId, cents: number) => formatMoney(moneyIn(marketById(market), cents));

export const MARKET_NAME: Readonly<Record<MarketId, string>> = { us: 'United States', ca: 'Canada' };
