import { healthRepository } from './health-repository.ts';

/** Whether the Worker's D1 and KV bindings answer; either one failing makes the Worker degraded. */
export async function bindingsHealth(env: { DB: D1Database; SETTINGS: KVNamespace }) {
  const [d1, kv] = await Promise.all([
    healthRepository(env.DB).answers(),
    env.SETTINGS.get('health-probe').then(
      () => true,
      () => false,
    ),
  ]);
  return { status: d1 && kv ? ('ok' as const) : ('degraded' as const), d1, kv };
}
