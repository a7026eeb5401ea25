import { DurableObject } from 'cloudflare:workers';

/** A lease someone holds: its id and who holds it (for a socket, the Durable Object the socket lives in). */
export interface Lease {
  id: string;
  holder: string;
}

/**
 * An account's ceiling on sign-in attempts from sources it does not know: `limit` attempts in the
 * window, then each further one waits, first `firstDelayMs`, doubling up to `maxDelayMs`.
 */
export interface CeilingRule {
  limit: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * The answer to an attempt against a ceiling: allowed (counted unless it came from a browser the
 * account trusts; `tripped` for the one attempt that reached the limit), or not before some seconds.
 */
export type CeilingAnswer =
  | { allowed: true; counted: boolean; tripped: boolean }
  | { allowed: false; retryAfterSeconds: number };

interface CeilingState {
  start: number;
  count: number;
  notBefore: number;
}

/** A fixed window's count; `ends` when its alarm forgets it (absent on counts stored before it was kept). */
interface CountWindow {
  start: number;
  count: number;
  ends?: number;
}

/** Browsers an account remembers having signed in from (the newest). */
const TRUSTED_DEVICES = 10;

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
    const stored = await this.ctx.storage.get<CountWindow>('window');
    const current = stored && now - stored.start < windowMs;
    const window: CountWindow = current ? stored : { start: now, count: 0, ends: now + windowMs };
    window.count += 1;
    await this.ctx.storage.put('window', window);
    // A new window: its count is forgotten when it ends, so a key seen once keeps nothing stored.
    if (!current) await this.ctx.storage.setAlarm(now + windowMs);
    if (window.count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
  }

  /** Forgets the attempts counted so far (a member who got their password right). */
  async reset(): Promise<void> {
    await this.ctx.storage.delete('window');
    await this.forgetIfEmpty();
  }

  /**
   * A count's window has ended: the count goes, and with nothing else kept (a sign-in ceiling, trusted
   * browsers, leases) the object's whole storage and alarm go too. Every IP, cart and account seen once
   * would otherwise keep its own object's storage for good.
   */
  async alarm(): Promise<void> {
    const window = await this.ctx.storage.get<CountWindow>('window');
    if (window && window.ends !== undefined && Date.now() < window.ends) {
      await this.ctx.storage.setAlarm(window.ends);
      return;
    }
    await this.ctx.storage.delete('window');
    await this.forgetIfEmpty();
  }

  private async forgetIfEmpty(): Promise<void> {
    if ((await this.ctx.storage.list({ limit: 1 })).size === 0) await this.ctx.storage.deleteAll();
  }

  /**
   * Counts one sign-in attempt against the account's ceiling, before the password is checked: so
   * however many arrive at once, no more than `limit` are checked before the delay begins. A browser
   * the account has signed in from before is not counted (an attacker elsewhere cannot lock it out).
   */
  async attempt(rule: CeilingRule, device: string | null, now = Date.now()): Promise<CeilingAnswer> {
    const stored = await this.ctx.storage.get<CeilingState | string[]>(['ceiling', 'devices']);
    const devices = (stored.get('devices') as string[] | undefined) ?? [];
    if (device && devices.includes(device)) return { allowed: true, counted: false, tripped: false };
    const known = stored.get('ceiling') as CeilingState | undefined;
    const state = known && now - known.start < rule.windowMs ? known : { start: now, count: 0, notBefore: 0 };
    if (now < state.notBefore) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((state.notBefore - now) / 1000)) };
    }
    state.count += 1;
    if (state.count >= rule.limit) {
      state.notBefore = now + Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (state.count - rule.limit));
    }
    await this.ctx.storage.put('ceiling', state);
    return { allowed: true, counted: true, tripped: state.count === rule.limit };
  }

  /**
   * A sign-in succeeded: a counted attempt (whoever made it knew the password) clears the count, and
   * the browser becomes one the account trusts.
   */
  async signedIn(device: string | null, counted: boolean): Promise<void> {
    if (counted) await this.ctx.storage.delete('ceiling');
    if (!device) return;
    const devices = (await this.ctx.storage.get<string[]>('devices')) ?? [];
    if (devices.at(-1) === device) return;
    const kept = [...devices.filter((known) => known !== device), device].slice(-TRUSTED_DEVICES);
    await this.ctx.storage.put('devices', kept);
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
