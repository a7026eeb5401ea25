import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../worker/platform/rate-limiter.ts';

/**
 * Issue 35, memory and storage under load: every key the shop counts (an IP, a cart, an account) has a Durable
 * Object, and a count used to stay stored after its window ended, so every visitor seen once kept an object's
 * storage for good (275 objects after a 5-minute soak). A count is now forgotten when its window ends.
 */

const limiter = () => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`expiry:${crypto.randomUUID()}`));
type Stub = ReturnType<typeof limiter>;

const stored = (stub: Stub) =>
  runInDurableObject(stub, async (_instance: RateLimiter, state) => ({
    keys: [...(await state.storage.list()).keys()],
    alarm: await state.storage.getAlarm(),
  }));

describe('a rate limit count', () => {
  it('is forgotten when its window ends, leaving the object no storage and no alarm', async () => {
    const stub = limiter();
    const started = Date.now() - 5_000;
    expect(await stub.consume(3, 1_000, started)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    await runDurableObjectAlarm(stub);
    expect(await stored(stub)).toEqual({ keys: [], alarm: null });
  });

  it('is kept, with its alarm at the window’s end, while the window lasts, and the limit holds', async () => {
    const stub = limiter();
    const now = Date.now();
    await stub.consume(2, 60_000, now);
    await stub.consume(2, 60_000, now);
    expect((await stub.consume(2, 60_000, now)).allowed).toBe(false);
    expect(await stored(stub)).toEqual({ keys: ['window'], alarm: now + 60_000 });
    await runDurableObjectAlarm(stub);
    expect(await stored(stub)).toEqual({ keys: ['window'], alarm: now + 60_000 });
    expect((await stub.consume(2, 60_000, now)).allowed).toBe(false);
  });

  it('goes alone when the object also keeps the browsers an account trusts', async () => {
    const stub = limiter();
    await stub.signedIn('browser-1', false);
    await stub.consume(3, 1_000, Date.now() - 5_000);
    await runDurableObjectAlarm(stub);
    expect((await stored(stub)).keys).toEqual(['devices']);
  });

  it('counts from zero again after a reset, and a reset of the only count leaves nothing stored', async () => {
    const stub = limiter();
    await stub.consume(1, 60_000);
    expect((await stub.consume(1, 60_000)).allowed).toBe(false);
    await stub.reset();
    expect(await stored(stub)).toEqual({ keys: [], alarm: null });
    expect((await stub.consume(1, 60_000)).allowed).toBe(true);
  });
});
