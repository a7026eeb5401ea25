/**
 * What one socket may send and how many sockets may be open (issue 35, finding 6): typing and read
 * frames are cheap to send and each is broadcast to every other socket of the conversation, so a
 * socket's frames are counted in a window (more signals than a typist sends are dropped, a flood
 * closes the socket), and sockets are capped per conversation (in its object) and per IP (leases in
 * the rate limiter, given back when a socket closes).
 */
import { CHAT_LIMITS } from '../../shared/chat.ts';
import type { Lease, RateLimiter } from '../platform/rate-limiter.ts';

export type FrameVerdict = 'take' | 'drop' | 'close';

/** The close a flooding socket gets: 1008, policy violation. */
export const FLOOD_CLOSE = { code: 1008, reason: 'Too many frames' } as const;

interface FrameWindow {
  start: number;
  signals: number;
  frames: number;
}

/**
 * Frames each socket sent in the current window, kept in the object's memory: a hibernating object
 * forgets them, which only a quiet socket lets it do.
 */
export class FrameBudget {
  private readonly windows = new WeakMap<WebSocket, FrameWindow>();

  /** Counts a frame; says whether to handle it, drop it (a signal over the limit) or close the socket. */
  verdict(socket: WebSocket, signal: boolean, now = Date.now()): FrameVerdict {
    const known = this.windows.get(socket);
    const window =
      known && now - known.start < CHAT_LIMITS.frameWindowMs ? known : { start: now, signals: 0, frames: 0 };
    this.windows.set(socket, window);
    window.frames += 1;
    if (window.frames > CHAT_LIMITS.framesPerWindow) return 'close';
    if (!signal) return 'take';
    window.signals += 1;
    return window.signals > CHAT_LIMITS.signalsPerWindow ? 'drop' : 'take';
  }
}

/** Closes a socket that flooded, once. */
export function closeFlooded(socket: WebSocket): void {
  try {
    socket.close(FLOOD_CLOSE.code, FLOOD_CLOSE.reason);
  } catch {
    // Already closing.
  }
}

const ipKey = (ip: string) => `chat-sockets:ip:${ip}`;
const limiterOf = (namespace: DurableObjectNamespace<RateLimiter>, ip: string) =>
  namespace.get(namespace.idFromName(ipKey(ip)));

/**
 * Takes one of the IP's socket leases. When all are taken, leases whose holder no longer has their
 * socket (dropped without a close: a deploy, a crash) are given back and the lease asked for again.
 */
export async function leaseSocket(
  namespace: DurableObjectNamespace<RateLimiter>,
  ip: string,
  lease: Lease,
  stillHeld: (lease: Lease) => Promise<boolean>,
): Promise<boolean> {
  const limiter = limiterOf(namespace, ip);
  const first = await limiter.lease(CHAT_LIMITS.shopperSocketsPerIp, lease);
  if (first.granted) return true;
  const held = await Promise.all(first.leases.map(stillHeld));
  const stale = first.leases.filter((_, i) => !held[i]).map((old) => old.id);
  if (stale.length === 0) return false;
  await limiter.release(stale);
  return (await limiter.lease(CHAT_LIMITS.shopperSocketsPerIp, lease)).granted;
}

/** Gives a socket's lease back. */
export async function releaseSocket(namespace: DurableObjectNamespace<RateLimiter>, ip: string, id: string) {
  await limiterOf(namespace, ip).release([id]);
}
