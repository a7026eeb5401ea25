import type { ReactNode } from 'react';
import { preload, preloadModule } from 'react-dom';
import { renderToString } from './react-server.ts';

/** A resource the part asked the page to load early: an island's script, or an image it shows at once. */
interface Preload {
  href: string;
  as: 'script' | 'image';
  /** An image the part marked as its largest paint (fetchPriority high). */
  high?: boolean;
}

/** A part's markup and what it asked the page to preload. */
export interface RenderedPart {
  html: string;
  preloads: Preload[];
}

interface Entry extends RenderedPart {
  fingerprint: string;
}

const LEADING_LINKS = /^(?:<link [^>]*\/>)+/;
const PRELOAD_LINK = /^<link rel="(modulepreload|preload" as="image)" href="([^"]+)"( fetchPriority="high")?\/>$/;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const unescape = (text: string) => text.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!);

/**
 * Renders a part on its own. React writes what the part asked to preload (its islands' scripts,
 * its first image) as links ahead of its markup; those are taken out and asked for again on
 * every page the markup is used in, so they still land in that page's head.
 */
export function renderPart(render: () => ReactNode): RenderedPart {
  const html = renderToString(render());
  const leading = LEADING_LINKS.exec(html)?.[0] ?? '';
  const preloads: Preload[] = [];
  const kept: string[] = [];
  for (const link of leading.match(/<link [^>]*\/>/g) ?? []) {
    const match = PRELOAD_LINK.exec(link);
    if (!match) kept.push(link);
    else if (match[1] === 'modulepreload') preloads.push({ href: unescape(match[2]!), as: 'script' });
    else preloads.push({ href: unescape(match[2]!), as: 'image', ...(match[3] && { high: true }) });
  }
  return { html: kept.join('') + html.slice(leading.length), preloads };
}

/**
 * Rendered markup of page parts, kept per isolate and reused while what a part is drawn from is
 * unchanged. Rendering is most of a page's server CPU, and the same product is drawn from the
 * same data request after request (its page, and its card in every list it appears in).
 * `fingerprint` is everything the part depends on (its data as JSON): a change in price, stock or
 * text renders afresh on the very next request, so nothing is ever stale.
 */
export class MarkupCache {
  readonly #entries = new Map<string, Entry>();
  readonly #limit: number;
  /** How many times a part was actually rendered (the rest were reused). */
  renders = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The markup for `key` drawn from `fingerprint`, rendered by `render` only when it is not kept
   * already, as the `dangerouslySetInnerHTML` of the part's root element.
   */
  markup(key: string, fingerprint: string, render: () => ReactNode): { __html: string } {
    let entry = this.#entries.get(key);
    if (entry && entry.fingerprint === fingerprint) {
      // Most recently used last, so the least used goes first when the cache is full.
      this.#entries.delete(key);
    } else {
      entry = { fingerprint, ...renderPart(render) };
      this.renders++;
      if (this.#entries.size >= this.#limit) this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, entry);
    return markupOf(entry);
  }
}

/** A rendered part as the `dangerouslySetInnerHTML` of its root, asking the page being rendered for its preloads. */
export function markupOf(part: RenderedPart): { __html: string } {
  for (const { href, as, high } of part.preloads) {
    if (as === 'script') preloadModule(href, { as });
    else preload(href, high ? { as, fetchPriority: 'high' } : { as });
  }
  return { __html: part.html };
}
