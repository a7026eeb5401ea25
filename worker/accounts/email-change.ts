import { ApiError } from '../platform/api-error.ts';
import { signLink, verifyLink } from '../platform/tokens.ts';
import { verifyPassword } from './passwords.ts';
import { accountRepository } from './repository.ts';
import { emails } from './email-templates.ts';
import { ACCOUNT_MSG, type AccountDeps, linkUrl, type Session, sessionFor, startPasswordReset } from './service.ts';

/**
 * Changing the login email. A change-email link is bound to the account that asked for it and to
 * its token version: only that account's session can finish it, once, within its short life, and
 * any password or email change in between revokes it. The old address is told, with a link to undo.
 */

/** Sends a confirmation link to a new email address, after checking the password. */
export async function startEmailChange(
  deps: AccountDeps,
  accountId: number,
  newEmail: string,
  password: string | null,
): Promise<string> {
  const account = (await accountRepository(deps.db).byId(accountId))!;
  if (account.passwordHash && !(password && (await verifyPassword(password, account.passwordHash, deps.pepper)))) {
    throw ApiError.badRequest(ACCOUNT_MSG.wrongPassword);
  }
  const token = await signLink(
    { purpose: 'change-email', email: account.email, accountId, newEmail, tokenVersion: account.tokenVersion },
    deps.secret,
  );
  await deps.mailer.send(emails.changeEmail(deps.shopName, newEmail, linkUrl(deps, '/myAccount', token)));
  return ACCOUNT_MSG.changeEmailSent;
}

/**
 * Finishes an email change from its link, for the signed-in account that asked for it only.
 * Every earlier token stops working; the old address gets a notice with a link to undo.
 */
export async function finishEmailChange(deps: AccountDeps, accountId: number, token: string): Promise<Session> {
  const claims = await verifyLink(token, 'change-email', deps.secret);
  if (!claims?.newEmail || claims.accountId !== accountId || claims.tokenVersion === undefined)
    throw ApiError.badRequest(ACCOUNT_MSG.linkInvalid);
  const repo = accountRepository(deps.db);
  const account = await repo.byId(accountId);
  const sameEmail = account?.email.toLowerCase() === claims.email.toLowerCase();
  if (!account || !sameEmail || account.tokenVersion !== claims.tokenVersion)
    throw ApiError.badRequest(ACCOUNT_MSG.linkInvalid);
  if (!(await repo.useLink(claims.id, 'change-email'))) throw ApiError.badRequest(ACCOUNT_MSG.linkUsed);
  if (!(await repo.changeEmail(accountId, account.email, claims.newEmail, claims.tokenVersion)))
    throw ApiError.badRequest(ACCOUNT_MSG.emailUnavailable);
  const undo = await signLink(
    { purpose: 'undo-email-change', email: account.email, newEmail: claims.newEmail, accountId },
    deps.secret,
  );
  await deps.mailer.send(
    emails.emailChanged(deps.shopName, account.email, claims.newEmail, linkUrl(deps, '/changeEmailUndo', undo)),
  );
  return sessionFor(deps, (await repo.byId(accountId))!);
}

/**
 * Undoes an email change from the notice sent to the old address: the old address is the login
 * again, every session and pending link is revoked, and a password reset link goes to the old address.
 */
export async function undoEmailChange(deps: AccountDeps, token: string): Promise<string> {
  const claims = await verifyLink(token, 'undo-email-change', deps.secret);
  if (!claims?.accountId || !claims.newEmail) throw ApiError.badRequest(ACCOUNT_MSG.linkInvalid);
  const repo = accountRepository(deps.db);
  if (!(await repo.useLink(claims.id, 'undo-email-change'))) throw ApiError.badRequest(ACCOUNT_MSG.linkUsed);
  if (!(await repo.changeEmail(claims.accountId, claims.newEmail, claims.email, null)))
    throw ApiError.badRequest(ACCOUNT_MSG.linkInvalid);
  await startPasswordReset(deps, claims.email);
  return ACCOUNT_MSG.emailRestored;
}
