import type { ReactNode } from 'react';
import type { Currency } from '../../shared/markets.ts';
import { formatMoney } from '../../shared/money.ts';
import type { ReceiptRow, ReceiptRowKind } from '../../shared/receipt.ts';

const CLASS: Partial<Record<ReceiptRowKind, string>> = {
  discount: 'cart-summary__discount',
  'shipping-discount': 'cart-summary__discount',
  total: 'cart-summary__total',
};

/**
 * A receipt's rows (shared/receipt.ts) as the cart and checkout summaries show them, inside their
 * `<dl class="cart-summary">`: each reason small under its discount, the total in bold.
 */
export function ReceiptList({
  rows,
  currency,
  shippingText,
  after = {},
}: {
  rows: readonly ReceiptRow[];
  currency: Currency;
  /** Shown for the shipping row instead of its amount (the cart's "Free"). */
  shippingText?: string;
  /** What the page shows right after a row of a kind (the cart's delivery estimate after shipping). */
  after?: Partial<Record<ReceiptRowKind, ReactNode>>;
}) {
  const money = (cent: number) => formatMoney({ cent, currency });
  return rows.map((row) => (
    <ReceiptLine key={`${row.kind}:${row.key ?? ''}:${row.label}`} row={row} after={after[row.kind]}>
      {row.kind === 'shipping' && shippingText ? shippingText : money(row.amount)}
    </ReceiptLine>
  ));
}

function ReceiptLine({ row, after, children }: { row: ReceiptRow; after: ReactNode; children: string }) {
  return (
    <>
      <div
        className={CLASS[row.kind]}
        data-discount={row.kind === 'discount' ? (row.key ?? undefined) : undefined}
        data-tax={row.kind === 'tax' ? (row.key ?? undefined) : undefined}
      >
        <dt>
          {row.label}
          {row.detail && <small>{row.detail}</small>}
        </dt>
        <dd
          data-subtotal={row.kind === 'subtotal' ? row.amount : undefined}
          data-total={row.kind === 'total' ? row.amount : undefined}
        >
          {children}
        </dd>
      </div>
      {after}
    </>
  );
}
