import manifest from '../generated/client-manifest.json' with { type: 'json' };

/** What the client build produced: hashed asset names, and the build's id and time. */
export interface ClientManifest {
  buildId: string;
  buildTime: string;
  entry: string;
  /** The chunks the entry script imports, preloaded beside it so they do not wait for it. */
  entryChunks: string[];
  css: string;
  /** Island name -> the scripts it needs beyond the entry's (its group or chunk, and what that imports). */
  islands: Record<string, string[]>;
  /** A file under /static -> the same file under a hashed name, cached for a year. */
  static: Record<string, string>;
}

export const buildInfo: ClientManifest = manifest;

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
