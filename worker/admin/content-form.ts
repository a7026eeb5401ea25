/**
 * A content editor's form and the value it stands for: a stored value as the inputs show it, the
 * posted inputs back as a value, the list's add / remove / move, and the schema's issues as messages
 * at their fields. Times are UTC datetime-local inputs; lists of codes and banners are one line each.
 */
import type { z } from 'zod';
import { HOME_SECTIONS } from '../../shared/content/home.ts';
import type { ContentEntry, FieldSpec } from './content-entries.ts';

/** One input's text, or a group of checkboxes' ticked values. */
export type Input = string | string[];
export type Inputs = Record<string, Input>;

/** The form as it shows: the value's own fields, and one set of inputs per list item. */
export interface FormState {
  fields: Inputs;
  items: Inputs[];
}

/** Messages by input name: `f.<field>`, `i.<index>.<field>`, or `_form` for the whole value. */
export type FormErrors = Record<string, string>;

export const CONTENT_FIELD_MSG = {
  json: 'This is not valid JSON.',
  number: 'Enter a whole number.',
} as const;

const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const asList = (input: Input | undefined): string[] => (Array.isArray(input) ? input : input ? [input] : []);
const asText = (input: Input | undefined): string => (Array.isArray(input) ? (input[0] ?? '') : (input ?? ''));

/** A stored value's part as its input shows it. */
function shown(field: FieldSpec, value: unknown): Input {
  if (value === undefined || value === null) return field.kind === 'markets' || field.kind === 'sections' ? [] : '';
  switch (field.kind) {
    case 'checkbox':
      return value === true ? 'on' : '';
    case 'time':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? new Date(value).toISOString().slice(0, 16)
        : String(value);
    case 'markets':
    case 'sections':
      return Array.isArray(value) ? value.map(String) : [];
    case 'ids':
    case 'details':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'lines':
      return Array.isArray(value) ? value.map((entry) => lineOf(field, entry)).join('\n') : '';
    case 'json':
      return JSON.stringify(value, null, 2);
    default:
      return String(value);
  }
}

function lineOf(field: FieldSpec, entry: unknown): string {
  const columns = field.columns ?? [];
  if (columns.length <= 1) return String(entry);
  const record = (entry ?? {}) as Record<string, unknown>;
  const parts = columns.map((column) => String(record[column] ?? ''));
  while (parts.length > 1 && parts.at(-1) === '' && columns[parts.length - 1]!.endsWith('Fr')) parts.pop();
  return parts.join(' | ');
}

/** An input back as the value's part; undefined leaves the property out. */
function read(field: FieldSpec, input: Input | undefined): unknown {
  const raw = asText(input).trim();
  switch (field.kind) {
    case 'checkbox':
      return raw === 'on';
    case 'markets':
      return asList(input).length > 0 ? asList(input) : undefined;
    case 'sections':
      return asList(input);
    case 'time':
      if (!raw) return undefined;
      return DATETIME_LOCAL.test(raw) ? `${raw}:00Z` : raw;
    case 'number':
      return raw ? (/^\d+$/.test(raw) ? Number(raw) : raw) : undefined;
    case 'ids':
      return raw ? tokens(raw).map((token) => (/^\d+$/.test(token) ? Number(token) : token)) : undefined;
    case 'details':
      return tokens(raw).map((token) => (/^\d+$/.test(token) ? Number(token) : token));
    case 'lines':
      return raw
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => entryOf(field, line));
    case 'json':
      return raw ? JSON.parse(raw) : undefined;
    default:
      return raw || undefined;
  }
}

const tokens = (text: string) => text.split(/[\s,]+/).filter(Boolean);

function entryOf(field: FieldSpec, line: string): unknown {
  const columns = field.columns ?? [];
  if (columns.length <= 1) return line;
  const parts = line.split('|').map((part) => part.trim());
  // A French column left empty is left out: the French site then reads the English.
  return Object.fromEntries(
    columns
      .map((column, index) => [column, parts[index] ?? ''] as const)
      .filter(([column, part]) => part !== '' || !column.endsWith('Fr')),
  );
}

/** The form of a stored value (null: nothing stored yet). */
export function formOf(entry: ContentEntry, value: unknown): FormState {
  const record = (value ?? {}) as Record<string, unknown>;
  const fields = Object.fromEntries(entry.fields.map((field) => [field.name, shown(field, record[field.name])]));
  const stored = entry.list ? record[entry.list.property] : undefined;
  const items = Array.isArray(stored)
    ? stored.map((item) =>
        Object.fromEntries(
          entry.list!.fields.map((field) => [field.name, shown(field, (item as Record<string, unknown>)[field.name])]),
        ),
      )
    : [];
  return { fields: { ...fields, ...shownFixed(entry) }, items };
}

const shownFixed = (entry: ContentEntry) =>
  Object.fromEntries(
    entry.fields.filter((field) => field.readOnly).map((field) => [field.name, String(entry.fixed[field.name] ?? '')]),
  );

/** Whether a posted item's inputs are all empty (the blank fieldset left as it was). */
const isBlank = (item: Inputs) => Object.values(item).every((input) => asList(input).every((text) => !text.trim()));

/** The posted form: the value's fields, each item's inputs, and the blank fieldset when it was filled in. */
export function formFromBody(entry: ContentEntry, body: Inputs): FormState {
  const fields = Object.fromEntries(
    entry.fields.map((field) => [
      field.name,
      field.kind === 'sections'
        ? postedSections(body)
        : (body[`f.${field.name}`] ?? (field.kind === 'markets' ? [] : '')),
    ]),
  );
  const count = Math.min(Number.parseInt(asText(body.count), 10) || 0, 60);
  const items: Inputs[] = [];
  for (let index = 0; index <= count; index++) {
    const item = Object.fromEntries(
      (entry.list?.fields ?? []).map((field) => [field.name, body[`i.${index}.${field.name}`] ?? '']),
    );
    const posted = Object.keys(body).some((name) => name.startsWith(`i.${index}.`));
    if (posted && !(index === count && isBlank(item))) items.push(item);
  }
  return { fields: { ...fields, ...shownFixed(entry) }, items };
}

/** The ticked home page sections in the order of their position inputs (ties in the blocks' own order). */
function postedSections(body: Inputs): string[] {
  const ticked = HOME_SECTIONS.filter((section) => asText(body[`section.${section}`]) === 'on');
  const position = (section: string) => Number.parseInt(asText(body[`section.${section}.position`]), 10) || 999;
  return ticked
    .map((section, index) => ({ section, index }))
    .sort((a, b) => position(a.section) - position(b.section) || a.index - b.index)
    .map(({ section }) => section);
}

/** The list moved as a button asked (`up:2`, `down:0`, `remove:1`); null when the op is not a list move. */
export function movedItems(items: readonly Inputs[], op: string): Inputs[] | null {
  const match = /^(up|down|remove):(\d{1,2})$/.exec(op);
  if (!match) return null;
  const index = Number(match[2]);
  const moved = [...items];
  if (index >= moved.length) return moved;
  if (match[1] === 'remove') moved.splice(index, 1);
  const to = match[1] === 'up' ? index - 1 : index + 1;
  if (match[1] !== 'remove' && to >= 0 && to < moved.length) [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

/** The value a form stands for, or the messages of inputs that cannot be read (JSON). */
export function valueOf(entry: ContentEntry, form: FormState): { value: Record<string, unknown>; errors: FormErrors } {
  const errors: FormErrors = {};
  const value: Record<string, unknown> = { ...entry.fixed };
  for (const field of entry.fields) {
    if (field.readOnly) continue;
    try {
      const part = read(field, form.fields[field.name]);
      if (part !== undefined) value[field.name] = part;
    } catch {
      errors[`f.${field.name}`] = CONTENT_FIELD_MSG.json;
    }
  }
  if (entry.list) {
    value[entry.list.property] = form.items.map((item) => {
      const parts = entry.list!.fields.map((field) => [field.name, read(field, item[field.name])] as const);
      return Object.fromEntries(parts.filter(([, part]) => part !== undefined));
    });
  }
  return { value: { ...value, ...entry.fixed }, errors };
}

/** The schema's issues as messages at their inputs (the first per input). */
export function errorsOf(entry: ContentEntry, issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const [head, second, third] = issue.path;
    let name = '_form';
    let message = issue.message;
    if (entry.list && head === entry.list.property && typeof second === 'number') {
      name = typeof third === 'string' ? `i.${second}.${third}` : `i.${second}._item`;
    } else if (typeof head === 'string' && entry.fields.some((field) => field.name === head)) {
      name = `f.${head}`;
      const field = entry.fields.find((candidate) => candidate.name === head)!;
      if (field.kind === 'lines' && typeof second === 'number') message = `Line ${second + 1}: ${message}`;
    }
    errors[name] ??= message;
  }
  return errors;
}
