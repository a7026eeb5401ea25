import type { ReactNode } from 'react';
import { caches } from '../platform/caches.ts';
import { markupOf, renderPart } from '../platform/render/markup-cache.ts';

const rendered = caches.chromeMarkup;
const MAX_ENTRIES = 64;

/**
 * Renders the header or footer once per variant and reuses the markup while its inputs (the
 * cached settings and content objects, compared by identity) stay the same: the page chrome
 * is most of a page's server CPU, and it only changes when settings or content change.
 */
export function Chrome({
  variant,
  inputs,
  children,
}: {
  variant: string;
  inputs: readonly unknown[];
  children: () => ReactNode;
}) {
  let entry = rendered.get(variant);
  if (!entry || entry.inputs.length !== inputs.length || entry.inputs.some((input, i) => input !== inputs[i])) {
    if (rendered.size >= MAX_ENTRIES) rendered.clear();
    entry = { inputs, ...renderPart(children) };
    rendered.set(variant, entry);
  }
  return <div className="chrome" dangerouslySetInnerHTML={markupOf(entry)} />;
}
