import { localizePath } from '../../shared/i18n/locale.ts';
import { getShopSettings } from '../content/service.ts';
import type { Bindings } from '../env.ts';
import { memberOrderLanguage } from '../orders/staff.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { withLocale } from '../platform/i18n.ts';
import { log } from '../platform/log.ts';
import { marketOrigin } from '../platform/origin.ts';
import {
  approveCertificate,
  type ApproveInput,
  type DecisionResult,
  type ExemptionActor,
  type ExemptionCertificate,
  exemptionDecisionEmail,
  rejectCertificate,
} from '../tax/staff.ts';

/**
 * Staff deciding on a member's exemption certificate (issue 39 item 3): the decision is the tax
 * domain's guarded update (of two staff deciding at once, one wins and the other is told who did),
 * and only the winner's then emails the member: approved, with the states or provinces and the
 * last day; rejected, with the reason and how to send it again. The email speaks the member's
 * language (their latest order's, else the page they sent the certificate from) and links to their
 * tax exemption page on the market's configured origin. A mail that fails undoes nothing: the
 * member reads the decision on that page.
 */

const EXEMPTION_PAGE = '/myAccount/taxExemption';

/** Emails the member the decision just made; never throws. */
async function tellMember(env: Bindings, certificate: ExemptionCertificate): Promise<void> {
  try {
    const [settings, ordered] = await Promise.all([
      getShopSettings(env.SETTINGS, systemClock),
      memberOrderLanguage(env.DB, certificate.accountId),
    ]);
    const locale = certificate.market === 'ca' ? (ordered ?? certificate.locale) : 'en';
    const url = `${marketOrigin(env, certificate.market)}${localizePath(EXEMPTION_PAGE, locale)}`;
    const message = withLocale(locale, () => exemptionDecisionEmail(certificate, settings.SHOP_NAME, url));
    if (message) await (await mailerFor(env)).send(message);
  } catch (error) {
    log.error('exemption decision email not sent', error, { certificateId: certificate.id });
  }
}

/** Approves a waiting certificate for its regions until its expiry, then tells the member. */
export async function approveExemption(
  env: Bindings,
  id: number,
  input: ApproveInput,
  actor: ExemptionActor,
  now: number,
): Promise<DecisionResult> {
  const result = await approveCertificate(env.DB, id, input, actor, now);
  if (result.ok) await tellMember(env, result.certificate);
  return result;
}

/** Rejects a waiting certificate with the reason the member reads, then tells them. */
export async function rejectExemption(
  env: Bindings,
  id: number,
  reason: string,
  actor: ExemptionActor,
  now: number,
): Promise<DecisionResult> {
  const result = await rejectCertificate(env.DB, id, reason, actor, now);
  if (result.ok) await tellMember(env, result.certificate);
  return result;
}
