import manifest from '../generated/client-manifest.json' with { type: 'json' };
import type { Locale } from '../../shared/i18n/locale.ts';

/** One language's browser bundle: each carries only its own language's strings. */
export interface PageScripts {
  entry: string;
  /** The chunks the entry script imports, preloaded beside it so they do not wait for it. */
  entryChunks: string[];
  /** Island name -> the scripts it needs beyond the entry's (its group or chunk, and what that imports). */
  islands: Record<string, string[]>;
}

/** What the client build produced: hashed asset names, and the build's id and time. */
export interface ClientManifest {
  buildId: string;
  buildTime: string;
  css: string;
  scripts: Record<Locale, PageScripts>;
  /** A file under /static -> the same file under a hashed name, cached for a year. */
  static: Record<string, string>;
}

export const buildInfo: ClientManifest = manifest;

/** The scripts of a page in a language. */
export function pageScripts(locale: Locale): PageScripts {
  return buildInfo.scripts[locale];
}

/**
 * The long-cached, hashed name of a file under /static ('/static/favicon.svg' ->
 * '/assets/static/favicon-1A2B3C4D.svg'); any other address as it is.
 */
export function staticAsset(path: string): string {
  return buildInfo.static[path] ?? path;
}

/** An image address as pages and island data link it: hashed when it is one of ours, null kept. */
export function imageAsset(url: string | null): string | null {
  return url === null ? null : staticAsset(url);
}
