import { emailProblem } from '../../shared/validation.ts';
import { ApiError } from '../platform/api-error.ts';
import { accountRepository } from './repository.ts';
import type { AccountRecord } from './records.ts';
import { ACCOUNT_MSG, sessionFor, type AccountDeps, type Session } from './service.ts';
import type { IdTokenVerifier, VerifiedIdentity } from '../platform/oidc.ts';
import { hashPassword } from './passwords.ts';

/** What third-party sign-in answers when it cannot go ahead. */
export const THIRD_PARTY_MSG = {
  unavailable: 'Third-party sign-in is not available.',
  invalidToken: 'This sign-in could not be verified. Please try again.',
  notLinked: 'No account is linked to this sign-in yet. Create one first.',
  noVerifiedEmail: 'Your sign-in provider did not share a verified email address.',
} as const;

type Repo = ReturnType<typeof accountRepository>;

async function verified(verifier: IdTokenVerifier | null, idToken: string): Promise<VerifiedIdentity> {
  if (!verifier) throw ApiError.badRequest(THIRD_PARTY_MSG.unavailable);
  const identity = await verifier.verify(idToken);
  if (!identity) throw ApiError.badRequest(THIRD_PARTY_MSG.invalidToken);
  return identity;
}

/** The account an identity is linked to, if any. */
async function linkedAccount(repo: Repo, identity: VerifiedIdentity): Promise<AccountRecord | null> {
  const link = await repo.identity(identity.issuer, identity.subject);
  return link ? repo.byId(link.accountId) : null;
}

/**
 * Links the identity to an account found by its (provider-verified) email, then signs into
 * whichever account the identity ends up linked to: if a parallel request linked it first, that
 * link wins (the insert does nothing), so one identity never opens two accounts.
 */
async function linkAndSignIn(
  deps: AccountDeps,
  repo: Repo,
  identity: VerifiedIdentity,
  account: AccountRecord,
): Promise<Session> {
  await claimUnverified(deps, repo, account);
  await repo.linkIdentity(identity.issuer, identity.subject, account.id);
  const linked = await linkedAccount(repo, identity);
  return sessionFor(deps, linked ?? (await repo.byId(account.id))!);
}

/**
 * An account whose email was never confirmed may have been opened by someone else with this
 * address (pre-account hijacking): the provider proves the email belongs to the person signing in,
 * so the address becomes verified, and any password set before that proof is replaced with a
 * random one (also revoking earlier tokens); the owner can set their own through a reset link.
 */
async function claimUnverified(deps: AccountDeps, repo: Repo, account: AccountRecord): Promise<void> {
  if (account.emailVerified === 1) return;
  if (account.passwordHash) await repo.setPassword(account.id, await hashPassword(crypto.randomUUID(), deps.pepper));
  else await repo.markEmailVerified(account.id);
}

/** Signs in with a provider's id token: by its linked identity, else by a verified email match (which links it). */
export async function thirdPartyLogin(
  deps: AccountDeps,
  verifier: IdTokenVerifier | null,
  idToken: string,
): Promise<Session> {
  const identity = await verified(verifier, idToken);
  const repo = accountRepository(deps.db);
  const linked = await linkedAccount(repo, identity);
  if (linked) return sessionFor(deps, linked);
  const byEmail = identity.email && identity.emailVerified ? await repo.byEmail(identity.email) : null;
  if (!byEmail) throw ApiError.notFound(THIRD_PARTY_MSG.notLinked);
  return linkAndSignIn(deps, repo, identity, byEmail);
}

/**
 * Creates an account from a provider's id token (no password, email already verified), or links
 * the identity to the account that has its email; either way the member is signed in. An
 * identity that is already linked simply signs in, so pressing "create" twice is harmless.
 */
export async function thirdPartyRegister(
  deps: AccountDeps,
  verifier: IdTokenVerifier | null,
  idToken: string,
  market: string,
): Promise<Session> {
  const identity = await verified(verifier, idToken);
  const repo = accountRepository(deps.db);
  const linked = await linkedAccount(repo, identity);
  if (linked) return sessionFor(deps, linked);
  const email = identity.emailVerified ? identity.email : null;
  if (!email) throw ApiError.badRequest(THIRD_PARTY_MSG.noVerifiedEmail);
  // The provider's address must still pass the shop's own email rules (§5), e.g. its length.
  if (emailProblem(email)) throw ApiError.badRequest(ACCOUNT_MSG.emailUnavailable);
  await repo.create({ email, passwordHash: null, clientType: 'WEB', market, emailVerified: true });
  // Whether just created or already there (the unique email decides), link to the account with this email.
  return linkAndSignIn(deps, repo, identity, (await repo.byEmail(email))!);
}
