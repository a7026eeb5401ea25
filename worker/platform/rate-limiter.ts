import { DurableObject } from 'cloudflare:workers';

/**
 * One fixed-window counter per key (an action and an IP or account). A Durable Object is the
 * one owner of its count, so concurrent attempts in every data centre are counted together.
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
}
