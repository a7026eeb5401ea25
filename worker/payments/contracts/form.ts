/**
 * Stripe's request encoding (application/x-www-form-urlencoded with bracketed keys), both ways: the
 * adapter encodes what its contract parsed, the local fake decodes a request back into the object the
 * same contract parses, so a parameter one side renames fails the other's parse.
 */

type FormInput = string | number | boolean | null | undefined | readonly FormInput[] | { [key: string]: FormInput };

/** Encodes nested parameters the way Stripe reads them: `metadata[order_id]=…`, `payment_method_types[]=card`. */
export function stripeForm(params: Record<string, FormInput>): string {
  const form = new URLSearchParams();
  const add = (key: string, value: FormInput) => {
    if (value === undefined || value === null) return;
    // Lists of objects are indexed (`line_items[0][quantity]`), as Stripe's reference writes them.
    if (Array.isArray(value))
      for (const [index, item] of value.entries())
        add(item && typeof item === 'object' ? `${key}[${index}]` : `${key}[]`, item);
    else if (typeof value === 'object')
      for (const [inner, item] of Object.entries(value)) add(`${key}[${inner}]`, item as FormInput);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form.toString();
}

type Decoded = { [key: string]: string | string[] | Decoded };

/** An object whose keys are all list indexes (`line_items[0]`, `line_items[1]`) read back as a list. */
function indexedLists(node: Decoded): Decoded {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value !== 'object' || Array.isArray(value)) continue;
    const inner = indexedLists(value);
    const keys = Object.keys(inner);
    const indexed = keys.length > 0 && keys.every((name) => /^\d+$/.test(name));
    node[key] = indexed ? (keys.sort((a, b) => Number(a) - Number(b)).map((name) => inner[name]) as never) : inner;
  }
  return node;
}

/** Decodes a Stripe form body into nested objects (values stay strings; arrays from `key[]` and `key[0]`). */
export function decodeStripeForm(body: string): Decoded {
  const root: Decoded = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    for (const [index, part] of path.entries()) {
      const last = index === path.length - 1;
      const nextIsArray = path[index + 1] === '';
      if (part === '') break;
      if (last) node[part] = value;
      else if (nextIsArray && index + 1 === path.length - 1) {
        const list = (node[part] as string[] | undefined) ?? [];
        list.push(value);
        node[part] = list;
        break;
      } else {
        node[part] ??= {};
        node = node[part] as Decoded;
      }
    }
  }
  return indexedLists(root);
}
