/**
 * The encoder React's edge renderer turns markup into bytes with. The renderer encodes every
 * attribute name and value with its own call; in workerd each call crosses into the runtime and
 * allocates a new array, which was about a fifth of a product page's server CPU (profiled under
 * load). This encoder answers short strings (attribute names, class names, icons' paths, repeated
 * values) from a per-isolate table instead.
 *
 * Sharing one array per string is safe for the renderer only: it copies any chunk up to 4 KB
 * into its own buffer and never hands such a chunk on or writes to it. So the renderer alone is
 * built with this encoder (worker/react-server.ts); everything else keeps the platform's.
 */

/** Strings up to this many UTF-16 units are answered from the table (at most 192 bytes each). */
export const MAX_SHARED_LENGTH = 64;
/** The table starts afresh past this many entries, so one-off values cannot grow it without end. */
const MAX_ENTRIES = 8192;

const Platform = globalThis.TextEncoder;

export class ChunkEncoder extends Platform {
  static readonly table = new Map<string, Uint8Array>();
  /** How many strings were answered from the table: lets a test see the renderer uses this encoder. */
  static shared = 0;

  override encode(input = ''): Uint8Array<ArrayBuffer> {
    if (input.length > MAX_SHARED_LENGTH) return super.encode(input);
    const table = ChunkEncoder.table;
    let bytes = table.get(input);
    if (bytes) {
      ChunkEncoder.shared++;
      return bytes as Uint8Array<ArrayBuffer>;
    }
    bytes = super.encode(input);
    if (table.size >= MAX_ENTRIES) table.clear();
    table.set(input, bytes);
    return bytes as Uint8Array<ArrayBuffer>;
  }
}

/** The platform's encoder, put back once the renderer has taken its own (react-chunks-end.ts). */
export const PlatformTextEncoder = Platform;

// The renderer creates its encoder when its module is first evaluated, which is next.
globalThis.TextEncoder = ChunkEncoder;
