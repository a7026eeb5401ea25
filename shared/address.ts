import type { MarketId } from './markets.ts';
import { isRegionCode } from './regions.ts';
import { addressProblem, cityProblem, nameProblem, phoneProblem, postalCodeProblem } from './validation.ts';
import * as m from './i18n/generated/messages.js';

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

/** The fields a shopper fills in, in the order the forms show them. */
export type AddressFieldName = Exclude<keyof AddressFields, 'market'>;

/** Shown when no state or province of the market is chosen. */
export const REGION_MESSAGE: Readonly<Record<MarketId, string>> = {
  get us() {
    return m.region_choose_us();
  },
  get ca() {
    return m.region_choose_ca();
  },
};

/**
 * The browser's autofill token of each field (HTML autocomplete): name, street, city, region and
 * postal code of the shipping address, and the phone.
 */
export const ADDRESS_AUTOCOMPLETE: Readonly<Record<AddressFieldName, string>> = {
  firstName: 'shipping given-name',
  lastName: 'shipping family-name',
  phone: 'shipping tel',
  addressLine1: 'shipping address-line1',
  addressLine2: 'shipping address-line2',
  city: 'shipping address-level2',
  regionCode: 'shipping address-level1',
  postalCode: 'shipping postal-code',
};

/** One problem per invalid field, in the forms' order. */
export type AddressProblems = Partial<Record<AddressFieldName, string>>;

/**
 * The §5 problems of an address, field by field, with the messages the server answers for the
 * same fields: the browser shows each at its field before anything is sent.
 */
export function addressProblems(address: AddressFields): AddressProblems {
  const problems: AddressProblems = {
    firstName: nameProblem(address.firstName) ?? undefined,
    lastName: nameProblem(address.lastName) ?? undefined,
    phone: phoneProblem(address.phone) ?? undefined,
    addressLine1: addressProblem(address.addressLine1) ?? undefined,
    addressLine2: address.addressLine2?.trim() ? (addressProblem(address.addressLine2) ?? undefined) : undefined,
    city: cityProblem(address.city) ?? undefined,
    regionCode: isRegionCode(address.market, address.regionCode) ? undefined : REGION_MESSAGE[address.market],
    postalCode: postalCodeProblem(address.postalCode, address.market) ?? undefined,
  };
  return Object.fromEntries(Object.entries(problems).filter(([, message]) => message)) as AddressProblems;
}
