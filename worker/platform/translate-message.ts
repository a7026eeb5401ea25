import english from '../../shared/i18n/messages/en.json' with { type: 'json' };
import * as messages from '../../shared/i18n/generated/messages.js';

type MessageFn = (inputs?: object, options?: { locale?: 'en' | 'fr' }) => string;
const catalogue = messages as unknown as Record<string, MessageFn>;

/** The English catalogue's fixed texts (no inputs), each with its key, longest first. */
const fixedTexts = Object.entries(english as Record<string, unknown>)
  .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[1].includes('{'))
  .filter(([key]) => !key.startsWith('$'))
  .sort((a, b) => b[1].length - a[1].length);
const keyByText = new Map(fixedTexts.map(([key, text]) => [text, key]));

/**
 * A message the API answers, in French: messages that were written before the language was known
 * (a contract's field rules are built once, in English) are looked up in the English catalogue.
 * A field error ("email Please enter a valid email address") keeps its field name. A text the
 * catalogue does not hold stays as it is.
 */
export function inFrench(message: string): string {
  const key = keyByText.get(message);
  if (key) return catalogue[key]!({}, { locale: 'fr' });
  for (const [textKey, text] of fixedTexts) {
    if (message.endsWith(` ${text}`))
      return `${message.slice(0, -text.length)}${catalogue[textKey]!({}, { locale: 'fr' })}`;
  }
  return message;
}

/**
 * An API answer in French: its message, the error text some answers carry in their data, and what
 * `data` gives to translate (the catalog's titles).
 */
export async function answerInFrench(
  response: Response,
  translateData?: (data: unknown) => unknown,
): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.clone().json()) as { msg?: unknown; data?: { errorText?: unknown } | null };
  let changed = false;
  if (translateData && body.data) {
    body.data = translateData(body.data) as typeof body.data;
    changed = true;
  }
  if (typeof body.msg === 'string' && body.msg !== 'success') {
    body.msg = inFrench(body.msg);
    changed = true;
  }
  if (body.data && typeof body.data === 'object' && typeof body.data.errorText === 'string') {
    body.data.errorText = inFrench(body.data.errorText);
    changed = true;
  }
  if (!changed) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
