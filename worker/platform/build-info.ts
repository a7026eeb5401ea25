import manifest from '../generated/client-manifest.json' with { type: 'json' };

/** What the client build produced: hashed asset names, and the build's id and time. */
export interface ClientManifest {
  buildId: string;
  buildTime: string;
  entry: string;
  css: string;
  /** Island name -> every script it needs (its chunk and the chunks that chunk imports). */
  islands: Record<string, string[]>;
}

export const buildInfo: ClientManifest = manifest;
