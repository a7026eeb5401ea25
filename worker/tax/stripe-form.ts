/**
 * Stripe's request bodies are form-encoded with brackets for nesting: `line_items[0][amount]=1299`,
 * `customer_details[address][state]=OH`, `expand[0]=line_items`. Both directions live here: the
 * adapter encodes its parameters, the tests' fake of Stripe decodes them back and reads them with
 * the same schema (stripe-schemas.ts), so the two cannot drift apart.
 */

type Value = string | number | boolean | null | undefined | readonly Value[] | { readonly [key: string]: Value };

function append(form: URLSearchParams, key: string, value: Value): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) append(form, `${key}[${index}]`, item);
    return;
  }
  if (typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) append(form, `${key}[${name}]`, inner);
    return;
  }
  form.append(key, String(value));
}

/** The parameters as Stripe reads them. */
export function encodeStripeForm(params: Record<string, Value>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) append(form, key, value);
  return form.toString();
}

/** A form body back into nested objects and arrays (numeric keys make arrays); values stay strings. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) {
        node[part] = value;
        break;
      }
      // Numeric parts become array indexes: arrays are objects with numeric keys, so they nest the same way.
      node[part] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    }
  }
  return root;
}
