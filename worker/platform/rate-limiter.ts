import { DurableObject } from 'cloudflare:workers';

/** A lease someone holds: its id and who holds it (for a socket, the Durable Object the socket lives in). */
export interface Lease {
  id: string;
  holder: string;
}

/** How many leases a key may hand out at most, and the answer to one asked for. */
export type LeaseAnswer = { granted: true } | { granted: false; leases: Lease[] };

/**
 * One fixed-window counter per key (an action and an IP or account), and, for things held rather than
 * done (sockets open from an IP), a set of leases. A Durable Object is the one owner of its count, so
 * concurrent attempts in every data centre are counted together: each method reads and writes its
 * storage with nothing in between, so no two requests see the same count.
 */
export class RateLimiter extends DurableObject {
  /** Counts one attempt; says whether it is allowed and, if not, when to try again. */
  async consume(
    limit: number,
    windowMs: number,
    now = Date.now(),
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const stored = await this.ctx.storage.get<{ start: number; count: number }>('window');
    const window = stored && now - stored.start < windowMs ? stored : { start: now, count: 0 };
    window.count += 1;
    await this.ctx.storage.put('window', window);
    if (window.count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
  }

  /** Forgets the attempts counted so far (a member who got their password right). */
  async reset(): Promise<void> {
    await this.ctx.storage.delete('window');
  }

  /**
   * Hands out one of at most `limit` leases. When all are taken the holders come back, so the caller
   * can give back leases whose holder no longer has them (a socket dropped without a close) and ask again.
   */
  async lease(limit: number, lease: Lease): Promise<LeaseAnswer> {
    const leases = (await this.ctx.storage.get<Lease[]>('leases')) ?? [];
    if (leases.some((held) => held.id === lease.id)) return { granted: true };
    if (leases.length >= limit) return { granted: false, leases };
    await this.ctx.storage.put('leases', [...leases, lease]);
    return { granted: true };
  }

  /** Gives leases back (a socket closed). */
  async release(ids: string[]): Promise<void> {
    const leases = (await this.ctx.storage.get<Lease[]>('leases')) ?? [];
    const kept = leases.filter((held) => !ids.includes(held.id));
    if (kept.length === leases.length) return;
    if (kept.length === 0) await this.ctx.storage.delete('leases');
    else await this.ctx.storage.put('leases', kept);
  }
}
