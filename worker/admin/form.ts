/**
 * The back office's one body parser. Every staff form is read here, through its zod schema by
 * hono/validator('form'), before its route runs. A body the console's own page could not have
 * sent (not a form, unreadable, too large, a field too long, a file or a repeated name where one
 * text is expected) is a 400 page that says so, never a 500. What a well-formed field holds is then the
 * route's and its service's to judge, with their own messages.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { validator } from 'hono/validator';
import * as z from 'zod';
import type { AdminEnv } from './guard.ts';
import { renderNotice } from './render.tsx';

/** The longest text a staff form's field takes unless its schema says more (the services read 2,000 at most). */
export const FIELD_MAX = 5000;
/** The most characters of one value a redirect carries back into its address (a queue's status, a page). */
export const REDIRECT_VALUE_MAX = 40;
/** The most text one staff form carries, all its fields together (its files aside). */
export const FORM_TEXT_MAX = 1_000_000;
/** The largest body a staff form is read from, files and all (the largest file a form takes is 5 MB). */
export const FORM_BODY_MAX = 12 * 1024 * 1024;

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
const KEY = /^[A-Za-z0-9-]{16,64}$/;
/** A name the message may repeat: the schema's, or the first characters of one that was sent. */
const shownName = (path: readonly PropertyKey[]) => String(path[0] ?? 'form').slice(0, 40);

/** Why a form could not be read, in the console's words. */
export const FORM_MSG = {
  notAForm: 'This address takes a form from the console. Please reload the page and try again.',
  unreadable: 'This form could not be read. Please reload the page and try again.',
  tooLarge: 'This form is larger than the console sends. Please reload the page and try again.',
  field: (name: string, problem: string) =>
    `The form's "${name}" field ${problem}. Please reload the page and try again.`,
} as const;

/** A text field as the browser sends it; one left out (an unticked box) reads as ''. */
export const field = (max = FIELD_MAX) => z.string().max(max).default('');

/** A text field with the white space around it dropped, as most services read them. */
export const trimmed = (max = FIELD_MAX) => field(max).transform((text) => text.trim());

/** The form's idempotency key (one per rendered form); a missing or malformed one is a fresh key. */
export const formKey = field(100).transform((key) => (KEY.test(key.trim()) ? key.trim() : crypto.randomUUID()));

/** Fields a form posts under one name as often as it has ticked boxes (a list of markets): up to 50 texts. */
export const texts = (max = FIELD_MAX) => z.union([z.string().max(max), z.array(z.string().max(max)).max(50)]);

/** A file input: absent, or one file (an empty one when none was chosen). */
export const file = z.instanceof(File).optional();

/** Text fields by name, for forms whose fields the editor lists (each read as `field`). */
export function textFields<K extends string>(names: readonly K[], max = FIELD_MAX) {
  return Object.fromEntries(names.map((name) => [name, field(max)])) as Record<K, ReturnType<typeof field>>;
}

/** Every staff form carries the session's CSRF value (the guard checks it); read, never kept. */
export const staffFormBase = z.object({ _csrf: field(200), _key: formKey });

/** A form's own fields, without the CSRF value and the form key every staff form carries. */
export function ownFields<T extends { _csrf: string; _key: string }>(form: T): Omit<T, '_csrf' | '_key'> {
  const { _csrf: _, _key: __, ...fields } = form;
  return fields;
}

/**
 * The units a form names per line, in fields `<prefix><line number>` (qty_3 = 2): whole numbers
 * only, anything else counting as none; lines with none are left out.
 */
export function lineQuantities(form: Record<string, unknown>, prefix: string): { lineNo: number; quantity: number }[] {
  const name = new RegExp(`^${prefix}\\d{1,4}$`);
  return Object.entries(form)
    .filter(([key, value]) => name.test(key) && typeof value === 'string')
    .map(([key, value]) => ({
      lineNo: Number(key.slice(prefix.length)),
      quantity: /^\d{1,5}$/.test((value as string).trim()) ? Number((value as string).trim()) : 0,
    }))
    .filter((line) => line.quantity > 0);
}

function problemOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big') return `is longer than ${String(issue.maximum)} characters`;
  if (issue.code === 'invalid_type') return 'must be one text value';
  return 'is not what the form sends';
}

const refuse = (c: Context<AdminEnv>, message: string) => renderNotice(c, 400, 'Form not read', message);

/** The characters of text a form holds, all its fields together (files not counted). */
const textLength = (form: Record<string, unknown>) =>
  Object.values(form)
    .flat()
    .reduce<number>((sum, value) => sum + (typeof value === 'string' ? value.length : 0), 0);

/** Why the body cannot be read as a staff form (a broken multipart body, too much of it), or null. */
async function unreadable(c: Context<AdminEnv>): Promise<string | null> {
  if (Number(c.req.header('content-length') ?? 0) > FORM_BODY_MAX) return FORM_MSG.tooLarge;
  try {
    if ((await c.req.arrayBuffer()).byteLength > FORM_BODY_MAX) return FORM_MSG.tooLarge;
    return textLength(await c.req.parseBody({ all: true })) > FORM_TEXT_MAX ? FORM_MSG.tooLarge : null;
  } catch {
    return FORM_MSG.unreadable;
  }
}

/**
 * A staff route's form, read through `schema`; the route reads it as c.req.valid('form').
 * Put after the guard and the permission check, so that a refusal there comes first.
 */
export function staffForm<T extends z.ZodType>(schema: T) {
  const read = validator('form', (value, c: Context<AdminEnv>) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data as z.output<T>;
    const issue = parsed.error.issues[0]!;
    return refuse(c, FORM_MSG.field(shownName(issue.path), problemOf(issue)));
  });
  const checked = createMiddleware<AdminEnv>(async (c, next) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!FORM_TYPES.has(type)) return refuse(c, FORM_MSG.notAForm);
    const problem = await unreadable(c);
    if (problem) return refuse(c, problem);
    await next();
  });
  return [checked, read] as const;
}
