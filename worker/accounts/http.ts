import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import {
  type CredentialCookie,
  credentialCookie,
  exchangeOnArrival,
  forgetCredential,
} from '../platform/link-exchange.ts';
import { LINK_SECONDS, type LinkPurpose } from '../platform/tokens.ts';
import { ACCOUNT_MSG } from './service.ts';

/**
 * The account's emailed links on the HTTP side (issue 35): the page a link opens exchanges its token for an
 * HttpOnly cookie (platform/link-exchange.ts), and the call the page then makes reads it from there.
 */

type EmailedLink = Extract<LinkPurpose, 'verify-email' | 'reset-password' | 'change-email' | 'undo-email-change'>;

/** The cookie each kind of emailed link's token moves to. */
export const LINK_COOKIE: Record<EmailedLink, string> = {
  'verify-email': 'link_verify',
  'reset-password': 'link_reset',
  'change-email': 'link_change_email',
  'undo-email-change': 'link_undo_email',
};

/** A link's cookie lasts as long as the link, a day at most: opening the email again brings it back. */
const cookieOf = (purpose: EmailedLink): CredentialCookie => ({
  cookie: LINK_COOKIE[purpose],
  maxAgeSeconds: Math.min(LINK_SECONDS[purpose], 86_400),
});

/** On a page an emailed link opens: the redirect that takes the token out of the address, or null. */
export function exchangeLinkToken(c: Context<AppEnv>, purpose: EmailedLink): Response | null {
  return exchangeOnArrival(c, 'token', cookieOf(purpose));
}

/** Whether the browser holds an emailed link's token of this kind (the page shows its form). */
export function holdsLinkToken(c: Context<AppEnv>, purpose: EmailedLink): boolean {
  return credentialCookie(c, LINK_COOKIE[purpose]) !== null;
}

/**
 * The token a link call acts on: the one in its body (an app that read the email itself), else the one the link's
 * page left in its cookie; a 400 with the link message when there is neither.
 */
export function linkTokenOf(c: Context<AppEnv>, purpose: EmailedLink, given: string | undefined): string {
  const token = given ?? credentialCookie(c, LINK_COOKIE[purpose]);
  if (!token) throw ApiError.badRequest(ACCOUNT_MSG.linkInvalid);
  return token;
}

/** Forgets the link's token once the call it served succeeded (the link is used up). */
export function forgetLinkToken(c: Context<AppEnv>, purpose: EmailedLink): void {
  forgetCredential(c, LINK_COOKIE[purpose]);
}
