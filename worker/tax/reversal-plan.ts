/** The shape of what a refund or cancellation gives back of an order's tax (issue 39); figured in reversal.ts. */

/** What is given back: units of lines, the shipping, everything (a cancellation), or an amount. */
export interface ReversalAsk {
  /** Unique per reversal: the refund's key, or the cancellation's. */
  reference: string;
  lines: readonly { lineNo: number; quantity: number }[];
  shipping: boolean;
  /** Everything not given back yet (a cancellation). */
  all?: boolean;
  /** A refund of an amount (tax included): each line and jurisdiction gives back its share of it. */
  amountCent?: number | null;
}

export interface PlannedLine {
  lineNo: number;
  ref: string;
  providerLineRef: string | null;
  quantity: number;
  amountCent: number;
  taxCent: number;
  /** Each jurisdiction's share: taxable sales and tax given back, and exempt sales a certificate made. */
  details: { seq: number; taxableCent: number; taxCent: number; exemptCent: number }[];
}

export interface ReversalPlan {
  orderId: string;
  reference: string;
  /** The whole sale goes back in one reversal (nothing was given back before). */
  full: boolean;
  lines: PlannedLine[];
  /** The price (after discounts and points) and the tax given back. */
  amountCent: number;
  taxCent: number;
}
