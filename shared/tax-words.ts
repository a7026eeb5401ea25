/** Tax lines as the page's language names them: GST/TPS, HST/TVH, PST/TVP, QST/TVQ (issue 37). */
import * as m from './i18n/generated/messages.js';
import { currentLocale } from './i18n/current.ts';

const NAMES: Record<string, () => string> = {
  GST: m.tax_gst,
  HST: m.tax_hst,
  PST: m.tax_pst,
  QST: m.tax_qst,
  'Sales Tax': m.tax_sales,
};

/** A tax line's name in the language spoken; a name the shop does not know stays as it is. */
export function taxName(name: string): string {
  return NAMES[name]?.() ?? name;
}

/** A rate label ("9.975%") as French writes it ("9,975 %"). */
export function localRate(label: string): string {
  if (currentLocale() !== 'fr') return label;
  return label.replace('.', ',').replace(/%$/, '\u00a0%');
}
