/**
 * Accounts as the back office sees them (issue 19, Customers): finding members, one member with
 * their address book, and blocking an account. The back office passes its audit entry in, so the
 * change and the entry are one write.
 */
import type { AuditEntry } from '../platform/audit.ts';
import { accountRepository, type AddressRow } from './repository.ts';
import { customersRepository } from './customers-repository.ts';
import type { CustomerRecord } from './records.ts';

export type { CustomerRecord } from './records.ts';

/** A page of members matching the text (email, or a name on the profile or in the address book). */
export async function findCustomers(db: D1Database, text: string | null, page: number, size: number) {
  const { rows, total } = await customersRepository(db).search(text, size, (page - 1) * size);
  return { rows, total };
}

/** One member and their address book; null when there is no such account. */
export async function customerAccount(
  db: D1Database,
  accountId: number,
): Promise<{ account: CustomerRecord; addresses: AddressRow[] } | null> {
  const [account, addresses] = await Promise.all([
    customersRepository(db).byId(accountId),
    accountRepository(db).addresses(accountId),
  ]);
  return account ? { account, addresses } : null;
}

export type BlockResult = 'done' | 'unchanged' | 'missing';

/**
 * Blocks (their sessions end, sign-in is refused) or unblocks an account, with its audit entry in
 * the same batch. 'unchanged' when it already was in that state: nothing is written.
 */
export async function setCustomerBlocked(
  db: D1Database,
  accountId: number,
  blocked: boolean,
  audit: AuditEntry,
): Promise<BlockResult> {
  const repo = customersRepository(db);
  const before = await repo.byId(accountId);
  if (!before) return 'missing';
  if ((before.blockedAt !== null) === blocked) return 'unchanged';
  try {
    await repo.setBlocked(accountId, blocked, audit);
    return 'done';
  } catch (error) {
    // The guard failed when another request changed the account first: read, never parsed from the error.
    const now = await repo.byId(accountId);
    if (!now) return 'missing';
    if ((now.blockedAt !== null) === blocked) return 'unchanged';
    throw error;
  }
}
