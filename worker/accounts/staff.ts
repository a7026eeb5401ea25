/**
 * Accounts' staff door: what the back office needs of members (worker/admin, issue 19 Customers)
 * and the password hashing its staff sign-in shares.
 */

export { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.ts';
export { type CustomerRecord, customerAccount, findCustomers, setCustomerBlocked } from './customers.ts';
