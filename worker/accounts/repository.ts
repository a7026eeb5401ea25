/** Account, identity, address and link queries. The only place with their SQL. */

import type { AddressFields } from '../../shared/address.ts';
import type { AddressInput } from '../../shared/api/accounts.ts';
import type { AccountRecord } from './records.ts';
import type { Locale } from '../../shared/i18n/locale.ts';

/** What the profile form changes; `birthday` undefined leaves it as it is, null clears it. */
export interface ProfileFields {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  zipCode: string | null;
  birthday?: { month: number; day: number } | null;
}

export interface AddressRow extends AddressFields {
  id: number;
  accountId: number;
  isDefault: number;
}

const ACCOUNT_COLUMNS = `id, email, password_hash AS passwordHash, email_verified AS emailVerified,
  client_type AS clientType, zip_code AS zipCode, default_garage AS defaultGarage,
  use_first_discount AS useFirstDiscount, subscribed, first_name AS firstName, last_name AS lastName, phone,
  token_version AS tokenVersion, market, blocked_at AS blockedAt, birth_month AS birthMonth, birth_day AS birthDay,
  locale`;

const ADDRESS_COLUMNS = `id, account_id AS accountId, market, first_name AS firstName, last_name AS lastName, phone,
  address_line1 AS addressLine1, address_line2 AS addressLine2, city, region_code AS regionCode,
  postal_code AS postalCode, is_default AS isDefault`;

export function accountRepository(db: D1Database) {
  return {
    byId: (id: number) =>
      db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM account WHERE id = ?`).bind(id).first<AccountRecord>(),
    byEmail: (email: string) =>
      db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM account WHERE email = ?`).bind(email).first<AccountRecord>(),

    /** Creates an account; null when the email is taken (the unique index decides, no race). */
    async create(account: {
      email: string;
      passwordHash: string | null;
      clientType: string;
      market: string;
      emailVerified: boolean;
    }): Promise<number | null> {
      const row = await db
        .prepare(
          `INSERT INTO account (email, password_hash, client_type, market, email_verified) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (email) DO NOTHING RETURNING id`,
        )
        .bind(account.email, account.passwordHash, account.clientType, account.market, account.emailVerified ? 1 : 0)
        .first<{ id: number }>();
      return row?.id ?? null;
    },

    /** The account a session names, and whether that session was signed out. */
    sessionAccount: (id: number, sessionId: string) =>
      db
        .prepare(
          `SELECT ${ACCOUNT_COLUMNS}, EXISTS (SELECT 1 FROM revoked_session WHERE id = ?2) AS revoked
           FROM account WHERE id = ?1`,
        )
        .bind(id, sessionId)
        .first<AccountRecord & { revoked: number }>(),

    /** Keeps the language the member reads the shop in; nothing is written when it is the one kept already. */
    rememberLocale: (id: number, locale: Locale) =>
      db.prepare('UPDATE account SET locale = ?2 WHERE id = ?1 AND locale IS NOT ?2').bind(id, locale).run(),

    /** Revokes one session token until it expires; expired entries are cleared on the way. */
    revokeSession: (sessionId: string, accountId: number, expiresAt: number) =>
      db.batch([
        db.prepare('DELETE FROM revoked_session WHERE expires_at < unixepoch()'),
        db
          .prepare('INSERT INTO revoked_session (id, account_id, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
          .bind(sessionId, accountId, expiresAt),
      ]),

    /** Revokes every token of the account (sessions and emailed links bound to the token version). */
    bumpTokenVersion: (id: number) =>
      db
        .prepare('UPDATE account SET token_version = token_version + 1, updated_at = unixepoch() WHERE id = ?')
        .bind(id)
        .run(),

    markEmailVerified: (id: number) =>
      db.prepare('UPDATE account SET email_verified = 1, updated_at = unixepoch() WHERE id = ?').bind(id).run(),

    /** Sets a new password and revokes every token issued before. */
    setPassword: (id: number, passwordHash: string) =>
      db
        .prepare(
          `UPDATE account SET password_hash = ?, token_version = token_version + 1, email_verified = 1,
           updated_at = unixepoch() WHERE id = ?`,
        )
        .bind(passwordHash, id)
        .run(),

    /**
     * Moves the account from one email to another and revokes every earlier token; false when the
     * account no longer has `from` at `tokenVersion` (null: any version), or another account has `to`.
     */
    async changeEmail(id: number, from: string, to: string, tokenVersion: number | null): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE account SET email = ?1, email_verified = 1, token_version = token_version + 1,
           updated_at = unixepoch()
           WHERE id = ?2 AND email = ?3 AND (?4 IS NULL OR token_version = ?4)
             AND NOT EXISTS (SELECT 1 FROM account WHERE email = ?1 AND id <> ?2)`,
        )
        .bind(to, id, from, tokenVersion)
        .run();
      return result.meta.changes === 1;
    },

    /** Updates the profile; the birthday only when given (null clears it), else it stays as it is. */
    updateProfile: (id: number, profile: ProfileFields) =>
      db
        .prepare(
          `UPDATE account SET first_name = ?1, last_name = ?2, phone = ?3, zip_code = ?4,
             birth_month = CASE WHEN ?5 THEN ?6 ELSE birth_month END,
             birth_day = CASE WHEN ?5 THEN ?7 ELSE birth_day END, updated_at = unixepoch()
           WHERE id = ?8`,
        )
        .bind(
          profile.firstName,
          profile.lastName,
          profile.phone,
          profile.zipCode,
          profile.birthday === undefined ? 0 : 1,
          profile.birthday?.month ?? null,
          profile.birthday?.day ?? null,
          id,
        )
        .run(),

    setSubscribed: (id: number, subscribed: boolean) =>
      db
        .prepare('UPDATE account SET subscribed = ?, updated_at = unixepoch() WHERE id = ?')
        .bind(subscribed ? 1 : 0, id)
        .run(),

    identity: (issuer: string, subject: string) =>
      db
        .prepare('SELECT account_id AS accountId FROM account_identity WHERE issuer = ? AND subject = ?')
        .bind(issuer, subject)
        .first<{ accountId: number }>(),
    linkIdentity: (issuer: string, subject: string, accountId: number) =>
      db
        .prepare('INSERT INTO account_identity (issuer, subject, account_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
        .bind(issuer, subject, accountId)
        .run(),

    /** Records a link as used; false when it had been used already (single use). */
    async useLink(id: string, purpose: string): Promise<boolean> {
      const result = await db
        .prepare('INSERT INTO used_link (id, purpose) VALUES (?, ?) ON CONFLICT (id) DO NOTHING')
        .bind(id, purpose)
        .run();
      return result.meta.changes === 1;
    },

    addresses: async (accountId: number) =>
      (
        await db
          .prepare(`SELECT ${ADDRESS_COLUMNS} FROM address WHERE account_id = ? ORDER BY is_default DESC, id`)
          .bind(accountId)
          .all<AddressRow>()
      ).results,

    /**
     * Adds an address while the member has fewer than `max`; answers its id, or null when the book is
     * full. The count is part of the insert (and of the default's move), so additions at once never
     * store more than `max`. A default one takes the default from the others in the same batch.
     */
    async addAddress(accountId: number, input: AddressInput, max: number): Promise<number | null> {
      const room = `(SELECT count(*) FROM address WHERE account_id = ?1) < ?2`;
      const insert = db
        .prepare(
          `INSERT INTO address (account_id, market, first_name, last_name, phone, address_line1, address_line2, city,
           region_code, postal_code, is_default)
         SELECT ?1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12 WHERE ${room} RETURNING id`,
        )
        .bind(
          accountId,
          max,
          input.market,
          input.firstName,
          input.lastName,
          input.phone,
          input.addressLine1,
          input.addressLine2,
          input.city,
          input.regionCode,
          input.postalCode,
          input.isDefault ? 1 : 0,
        );
      const statements = input.isDefault
        ? [
            db.prepare(`UPDATE address SET is_default = 0 WHERE account_id = ?1 AND ${room}`).bind(accountId, max),
            insert,
          ]
        : [insert];
      const results = await db.batch<{ id: number }>(statements);
      return results.at(-1)!.results[0]?.id ?? null;
    },

    /** Updates one of the member's own addresses; false when it is not theirs. */
    async updateAddress(accountId: number, id: number, input: AddressInput): Promise<boolean> {
      const update = db
        .prepare(
          `UPDATE address SET market = ?, first_name = ?, last_name = ?, phone = ?, address_line1 = ?,
           address_line2 = ?, city = ?, region_code = ?, postal_code = ?, is_default = ?, updated_at = unixepoch()
           WHERE id = ? AND account_id = ?`,
        )
        .bind(
          input.market,
          input.firstName,
          input.lastName,
          input.phone,
          input.addressLine1,
          input.addressLine2,
          input.city,
          input.regionCode,
          input.postalCode,
          input.isDefault ? 1 : 0,
          id,
          accountId,
        );
      const statements = input.isDefault
        ? [
            db
              .prepare(
                `UPDATE address SET is_default = 0
                 WHERE account_id = ? AND id <> ? AND EXISTS (SELECT 1 FROM address WHERE id = ? AND account_id = ?)`,
              )
              .bind(accountId, id, id, accountId),
            update,
          ]
        : [update];
      const results = await db.batch(statements);
      return results.at(-1)!.meta.changes === 1;
    },

    /** Deletes one of the member's own addresses; false when it is not theirs. */
    async deleteAddress(accountId: number, id: number): Promise<boolean> {
      const result = await db.prepare('DELETE FROM address WHERE id = ? AND account_id = ?').bind(id, accountId).run();
      return result.meta.changes === 1;
    },
  };
}
