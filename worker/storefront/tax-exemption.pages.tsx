import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { loginUrlFor } from '../../shared/login-flow.ts';
import { EXEMPTION_LIMITS, EXEMPTION_MSG } from '../../shared/tax-exemptions.ts';
import { AccountNav } from '../accounts/views/AccountPages.tsx';
import type { AppEnv } from '../env.ts';
import { renderErrorPage } from '../platform/render/render-page.tsx';
import {
  certificateFile,
  certificateFileResponse,
  memberCertificates,
  uploadCertificate,
  type UploadField,
} from '../tax/service.ts';
import { EMPTY_EXEMPTION_INPUT, ExemptionPanel, type ExemptionInput } from '../tax/views/ExemptionPage.tsx';
import { inFrench } from '../platform/translate-message.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/**
 * The member's tax exemption page in the account area (issue 39 item 3): their certificates, and
 * the form that sends one for review (a multipart form, read here; its file's type is the tax
 * domain's to read from its bytes). A certificate's file opens for its own member only.
 */

const PATH = '/myAccount/taxExemption';
const NOINDEX = { robots: 'noindex' } as const;
/** The form's body: the file and its few fields. */
const BODY_MAX = EXEMPTION_LIMITS.maxBytes + 64 * 1024;

interface PageState {
  notice: string | null;
  input: ExemptionInput;
  errors: Partial<Record<UploadField, string>>;
  status?: number;
}

/** The tax domain's messages (EXEMPTION_MSG, the spec's English) in the page's language. */
const spoken = (c: Context<AppEnv>, text: string) => (c.var.locale === 'fr' ? inFrench(text) : text);

async function exemptionPage(c: Context<AppEnv>, accountId: number, state: PageState) {
  const certificates = await memberCertificates(c.env.DB, accountId);
  if (state.status) c.status(state.status as 400);
  const errors = Object.fromEntries(Object.entries(state.errors).map(([field, text]) => [field, spoken(c, text)]));
  return c.render(
    <section className="my-account exemption-page">
      <h1>{m.account_nav_tax_exemption()}</h1>
      <AccountNav current={PATH} />
      <ExemptionPanel
        market={c.var.market.id}
        certificates={certificates}
        now={Date.now()}
        notice={state.notice && spoken(c, state.notice)}
        input={state.input}
        errors={errors}
      />
    </section>,
    NOINDEX,
  );
}

function toLogin(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  return c.redirect(loginUrlFor(url.pathname, url.searchParams), c.req.method === 'GET' ? 302 : 303);
}

/** A form field as one text (the first, if sent twice), and a repeated one as a list. */
const text = (value: unknown): string =>
  typeof value === 'string' ? value : Array.isArray(value) ? text(value[0]) : '';
const list = (value: unknown) => ([] as unknown[]).concat(value ?? []).filter((item) => typeof item === 'string');

/** A body larger than any certificate: the page again with the file's message. */
const tooLarge = async (c: Context<AppEnv>): Promise<Response> =>
  c.var.member
    ? exemptionPage(c, c.var.member.accountId, {
        notice: null,
        input: EMPTY_EXEMPTION_INPUT,
        errors: { file: EXEMPTION_MSG.fileTooLarge },
        status: 413,
      })
    : toLogin(c);

export const taxExemptionPages = new Hono<AppEnv>()
  .get(PATH, async (c) => {
    if (!c.var.member) return toLogin(c);
    const notice = c.req.query('sent') === '1' ? EXEMPTION_MSG.uploaded : null;
    return exemptionPage(c, c.var.member.accountId, { notice, input: EMPTY_EXEMPTION_INPUT, errors: {} });
  })
  .post(PATH, bodyLimit({ maxSize: BODY_MAX, onError: tooLarge }), async (c) => {
    if (!c.var.member) return toLogin(c);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return renderErrorPage(c, 400);
    }
    const input = { kind: text(form.kind), number: text(form.number), regions: list(form.regions) as string[] };
    const file = ([] as unknown[]).concat(form.certificate ?? []).find((item) => item instanceof File) ?? null;
    const { accountId } = c.var.member;
    const upload = { ...input, file: file as File | null, locale: c.var.locale };
    const result = await uploadCertificate(c.env, accountId, c.var.market.id, upload, Date.now());
    if (result.ok) return c.redirect(`${PATH}?sent=1`, 303);
    return exemptionPage(c, accountId, { notice: null, input, errors: result.errors, status: result.status });
  })
  .get(`${PATH}/:id{[0-9]{1,9}}/file`, async (c) => {
    if (!c.var.member) return toLogin(c);
    const id = Number(c.req.param('id'));
    // Another member's certificate reads as one that does not exist.
    const found = await certificateFile(c.env, id, c.var.member.accountId);
    return found ? certificateFileResponse(found, id) : renderErrorPage(c, 404);
  });
