import { unstable_readConfig } from 'wrangler';
import { describe, expect, it } from 'vitest';
import { DEPLOY_SECRETS } from '../../scripts/lib/deploy-secrets.ts';
import { REQUIRED_SECRETS } from '../../scripts/lib/dev-secrets.ts';

const SECRET_NAMES = [...DEPLOY_SECRETS, 'PAYPAL_CLIENT_ID', 'PAYPAL_WEBHOOK_ID', 'APPLE_PAY_DOMAIN_ASSOCIATION'];

/** What these tests read of a configuration, as wrangler resolves it for one environment. */
interface Resolved {
  vars: Record<string, unknown>;
  workers_dev?: boolean;
  secrets?: { required?: string[] };
  observability?: { enabled?: boolean };
  d1_databases: { binding: string }[];
  kv_namespaces: { binding: string }[];
  r2_buckets: { binding: string }[];
  queues: { producers?: { binding: string }[] };
  durable_objects: { bindings: { name: string }[] };
  triggers: { crons?: string[] };
}

function configOf(env?: string): Resolved {
  return unstable_readConfig({ config: 'wrangler.toml', env }, { hideWarnings: true }) as unknown as Resolved;
}

describe('wrangler.toml', () => {
  it.each([undefined, 'production', 'staging'])(
    'deploys %s without developer tools, committed secrets or a workers.dev address, requiring the providers’ keys',
    (env) => {
      const config = configOf(env);
      const vars = config.vars;
      expect(vars.DEV_TOOLS).toBeUndefined();
      for (const name of SECRET_NAMES) expect(vars[name], name).toBeUndefined();
      expect(config.workers_dev).toBe(false);
      expect(config.secrets?.required).toEqual([...DEPLOY_SECRETS]);
      expect(config.observability?.enabled).toBe(true);
      expect(vars.US_ORIGIN).toMatch(/^https:\/\//);
      expect(vars.CA_ORIGIN).toMatch(/^https:\/\//);
    },
  );

  it.each([undefined, 'production', 'staging'])(
    'deploys %s with the console shut until Cloudflare Access or an owner’s explicit opt-in',
    (env) => {
      const vars = configOf(env).vars;
      expect(vars.ADMIN_PASSWORD_SIGN_IN).not.toBe('on');
      expect(configOf('dev').vars.ADMIN_PASSWORD_SIGN_IN).toBe('on');
    },
  );

  it('keeps the developer tools and local hosts for local development only (-e dev)', () => {
    const vars = configOf('dev').vars;
    expect(vars.DEV_TOOLS).toBe('true');
    expect(vars.US_ORIGIN).toBe('http://us.shop.localhost:8787');
    // The local shop pays in the sandbox: it needs no provider's keys.
    expect(configOf('dev').secrets?.required).toEqual([...REQUIRED_SECRETS]);
    for (const name of SECRET_NAMES) expect(vars[name], name).toBeUndefined();
  });

  it('gives every environment the same bindings (none is inherited from the top level)', () => {
    const bindings = (env?: string) => {
      const config = configOf(env);
      return {
        d1: config.d1_databases.map((db) => db.binding),
        kv: config.kv_namespaces.map((kv) => kv.binding),
        r2: config.r2_buckets.map((r2) => r2.binding),
        queues: config.queues.producers?.map((queue) => queue.binding),
        objects: config.durable_objects.bindings.map((object) => object.name),
        crons: config.triggers.crons,
      };
    };
    for (const env of ['production', 'staging', 'dev']) expect(bindings(env), env).toEqual(bindings());
  });
});
