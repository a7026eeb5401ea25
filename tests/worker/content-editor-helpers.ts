/** The content editors as a merchandiser's browser uses them: open an editor, post its form, read KV. */
import { env } from 'cloudflare:test';
import { ADMIN, type staffSession } from './admin-helpers.ts';
import { shop } from './helpers.ts';

export type Session = Awaited<ReturnType<typeof staffSession>>;
export const HOUR = 3_600_000;
/** A datetime-local value (UTC, minutes) this far from now. */
export const local = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 16);

export const decoded = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

export async function editor(path: string, session: Session) {
  const response = await shop(`${ADMIN}/content${path}`, { headers: session.headers, redirect: 'manual' });
  const html = decoded(await response.text());
  return { status: response.status, html, version: html.match(/name="_version" value="([^"]+)"/)?.[1] ?? '' };
}

/** Posts an editor's form as a browser does (repeated names for ticked markets). */
export function post(path: string, session: Session, fields: [string, string][], csrf = session.csrf) {
  const body = new URLSearchParams([...(csrf ? [['_csrf', csrf] as [string, string]] : []), ...fields]);
  return shop(`${ADMIN}/content${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...session.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
}

/** The banner editor's form with one banner in it (and the blank fieldset left empty). */
export function bannerForm(version: string, banner: Record<string, string | string[]>, op = 'publish') {
  const fields: [string, string][] = [
    ['_version', version],
    ['count', '1'],
    ['op', op],
  ];
  for (const [name, value] of Object.entries(banner))
    for (const part of Array.isArray(value) ? value : [value]) fields.push([`i.0.${name}`, part]);
  return fields;
}

export const sale = (title: string, extra: Record<string, string | string[]> = {}) => ({
  title,
  href: '/search?keyword=brakes',
  image: '/static/home/hero-brakes.svg',
  alt: 'A brake rotor',
  ...extra,
});

export async function home(host: string, query = '') {
  const response = await shop(`${host}/${query}`);
  return { response, html: decoded(await response.text()) };
}

export const stored = async (key: string) => env.SETTINGS.get(key, 'text');

const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/**
 * What a browser posts for an editor page's form left as it was: text, hidden and datetime inputs,
 * ticked checkboxes, textareas and each select's chosen option (`html` already decoded).
 */
export function postedAsShown(html: string, op = 'publish'): [string, string][] {
  const form = html.slice(html.search(/<form\b[^>]*aria-label="Edit /));
  const fields: [string, string][] = [];
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(tag, 'name');
    if (!name || name === '_csrf') continue;
    const type = attribute(tag, 'type') ?? 'text';
    if (type === 'checkbox' && !/\schecked(=""|\s|\/|>)/.test(tag)) continue;
    fields.push([name, attribute(tag, 'value') ?? '']);
  }
  for (const [, tag, text] of form.matchAll(/(<textarea\b[^>]*>)([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(tag!, 'name');
    if (name) fields.push([name, text!.replace(/^\n/, '')]);
  }
  for (const [, tag, options] of form.matchAll(/(<select\b[^>]*>)([\s\S]*?)<\/select>/g)) {
    const name = attribute(tag!, 'name');
    const chosen = options!.match(/<option[^>]*selected[^>]*value="([^"]*)"|<option[^>]*value="([^"]*)"[^>]*selected/);
    if (name) fields.push([name, chosen?.[1] ?? chosen?.[2] ?? '']);
  }
  fields.push(['op', op]);
  return fields;
}
