import type { MarketId } from './markets.ts';

/** The fields of a US or Canadian address, as the account form and the server share them. */
export interface AddressFields {
  market: MarketId;
  firstName: string;
  lastName: string;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  regionCode: string;
  postalCode: string;
}
