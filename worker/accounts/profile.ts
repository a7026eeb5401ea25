import type { MarketId } from '../../shared/markets.ts';
import { normalizePostalCode, postalCodeProblem } from '../../shared/validation.ts';
import { ApiError } from '../platform/api-error.ts';
import { fieldError } from '../platform/contract.ts';
import { accountRepository, type AddressRow } from './repository.ts';
import type { AccountRecord } from './records.ts';
import type { AddressInput, ProfileUpdate } from '../../shared/api/accounts.ts';

/** The signed-in member's own data: profile, address book and the first-order discount. */

const MAX_ADDRESSES = 20;

/** The §3 user data of an account. An email in user data counts as fully signed in. */
export function userData(account: AccountRecord) {
  return {
    accountId: account.id,
    email: account.email,
    clientType: account.clientType,
    zipCode: account.zipCode,
    defaultGarage: account.defaultGarage,
    useFirstDiscount: account.useFirstDiscount === 1,
    emailVerified: account.emailVerified === 1,
    subscribed: account.subscribed === 1,
    firstName: account.firstName,
    lastName: account.lastName,
    phone: account.phone,
  };
}

/** An address of the book as the API and /myAccount show it. */
const savedAddress = (row: AddressRow) => ({
  id: row.id,
  market: row.market,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  addressLine1: row.addressLine1,
  addressLine2: row.addressLine2,
  city: row.city,
  regionCode: row.regionCode,
  postalCode: row.postalCode,
  isDefault: row.isDefault === 1,
});

/** The member's §3 user data, and the birthday their level's birthday points go by. */
export async function currentUser(db: D1Database, accountId: number) {
  const account = (await accountRepository(db).byId(accountId))!;
  return { ...userData(account), birthMonth: account.birthMonth, birthDay: account.birthDay };
}

/**
 * Updates name, phone and postal code (in the market's form) and, when given, the birthday (the body's
 * contract has checked it is a real date, or null for both to clear it); answers the new user data.
 */
export async function updateProfile(db: D1Database, accountId: number, market: MarketId, profile: ProfileUpdate) {
  const { birthMonth, birthDay, ...fields } = profile;
  const zipProblem = fields.zipCode ? postalCodeProblem(fields.zipCode, market) : null;
  if (zipProblem) throw fieldError('zipCode', zipProblem);
  const zipCode = fields.zipCode ? normalizePostalCode(fields.zipCode, market) : null;
  const birthday =
    birthMonth === undefined && birthDay === undefined
      ? undefined
      : birthMonth && birthDay
        ? { month: birthMonth, day: birthDay }
        : null;
  await accountRepository(db).updateProfile(accountId, { ...fields, zipCode, birthday });
  return currentUser(db, accountId);
}

/** The member's addresses, default first. */
export async function addressBook(db: D1Database, accountId: number) {
  return (await accountRepository(db).addresses(accountId)).map(savedAddress);
}

/** Adds an address to the book, up to its limit (held by the insert itself); answers its id. */
export async function addAddress(db: D1Database, accountId: number, address: AddressInput): Promise<number> {
  const id = await accountRepository(db).addAddress(accountId, address, MAX_ADDRESSES);
  if (id === null) throw ApiError.badRequest(`You can keep up to ${MAX_ADDRESSES} addresses.`);
  return id;
}

/** Updates one of the member's addresses; someone else's is not found. */
export async function updateAddress(db: D1Database, accountId: number, id: number, address: AddressInput) {
  if (!(await accountRepository(db).updateAddress(accountId, id, address))) throw ApiError.notFound('No such address.');
}

/** Deletes one of the member's addresses; someone else's is not found. */
export async function deleteAddress(db: D1Database, accountId: number, id: number) {
  if (!(await accountRepository(db).deleteAddress(accountId, id))) throw ApiError.notFound('No such address.');
}

/** What /myAccount shows of the member: the profile form's data and the address book. */
export async function myAccount(db: D1Database, accountId: number) {
  const repo = accountRepository(db);
  const [account, addresses] = await Promise.all([repo.byId(accountId), repo.addresses(accountId)]);
  const profile = {
    email: account!.email,
    firstName: account!.firstName,
    lastName: account!.lastName,
    phone: account!.phone,
    zipCode: account!.zipCode,
    subscribed: account!.subscribed === 1,
    hasPassword: account!.passwordHash !== null,
    birthMonth: account!.birthMonth,
    birthDay: account!.birthDay,
  };
  return { profile, addresses: addresses.map(savedAddress) };
}
