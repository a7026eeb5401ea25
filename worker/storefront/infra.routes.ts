import { Hono } from 'hono';
import * as z from 'zod';
import { AB_TEST_COOKIE_SECONDS, COOKIE, MEDIA_PATH } from '../../shared/constants.ts';
import { ok } from '../../shared/envelope.ts';
import { shopSettingsSchema } from '../../shared/settings.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { readCookie, writeCookie } from '../platform/cookies.ts';
import { systemClock } from '../platform/clock.ts';
import {
  contentConfig as findContentConfig,
  fixedContent as findFixedContent,
  getCampaign,
  getShopSettings,
  listContentConfigs,
  urlContentConfig,
} from '../content/service.ts';
import { recordClientLogs, visitorAbTestGroup } from '../tracking/service.ts';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from '../../shared/routes.ts';
import { buildInfo } from '../platform/build-info.ts';
import { marketOrigin } from '../platform/origin.ts';
import { bindingsHealth } from '../platform/health.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { logsBody } from '../../shared/api/tracking.ts';

const anyObject = z.record(z.string(), z.unknown());
const shopIdQuery = z.object({ shopId: z.string().max(32).optional() });

const health = endpoint({
  method: 'get',
  path: '/health',
  tag: 'infra',
  summary: 'Liveness of the Worker and its D1 and KV bindings',
  response: z.object({ status: z.enum(['ok', 'degraded']), build: z.string(), d1: z.boolean(), kv: z.boolean() }),
});
const shopSetting = endpoint({
  method: 'get',
  path: '/infra/public/shop-setting',
  tag: 'infra',
  summary: 'Shop settings (§3), cached 5 minutes',
  response: shopSettingsSchema,
});
const contentConfig = endpoint({
  method: 'get',
  path: '/infra/public/buyer/content-config/:key',
  tag: 'infra',
  summary: 'One content config by key (announcement, banner, home-page, ...)',
  query: shopIdQuery,
  response: anyObject,
});
const urlConfig = endpoint({
  method: 'get',
  path: '/infra/public/buyer/url/content-config/info',
  tag: 'infra',
  summary: 'Title and description for a URL pattern; the default for unlisted routes',
  query: z.object({ urlPattern: z.string().min(1).max(512).startsWith('/') }),
  response: z.object({ urlPattern: z.string(), title: z.string(), description: z.string(), isDefault: z.boolean() }),
});
const campaign = endpoint({
  method: 'get',
  path: '/infra/public/campaign',
  tag: 'infra',
  summary: 'The running campaign config, cached 30 s',
  response: anyObject,
});
const fixedContent = endpoint({
  method: 'get',
  path: '/infra/public/buyer/page/fixed/content-config',
  tag: 'infra',
  summary: 'Content fixed on every page: header links, awards, review badges',
  response: anyObject,
});
const configList = endpoint({
  method: 'get',
  path: '/infra/public/buyer/config/list',
  tag: 'infra',
  summary: 'Content config keys, paged',
  query: z.object({
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(100),
  }),
  response: z.object({
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    records: z.array(z.object({ key: z.string(), type: z.string() })),
  }),
});
const fileAddress = endpoint({
  method: 'get',
  path: '/infra/public/buyer/file/address',
  tag: 'infra',
  summary:
    "Where the shop's public stored files (installation videos, review photos) are served from, on the site's " +
    'configured origin: a file key appended to address is its URL',
  response: z.object({ address: z.string() }),
});
const abTest = endpoint({
  method: 'get',
  path: '/api/public/env/abtest',
  tag: 'infra',
  summary: "The visitor's A/B group: 70 % A (A1, A2), 30 % B; stable per visitor",
  response: z.object({ abTestGroup: z.enum(['A1', 'A2', 'B']) }),
});
const logs = endpoint({
  ...API.logs,
  tag: 'infra',
  summary: 'Browser log lines (errors, warnings), queued for the log pipeline',
  body: logsBody,
  response: z.object({ accepted: z.number().int() }),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const infraEndpoints: readonly Endpoint[] = [
  health,
  shopSetting,
  contentConfig,
  urlConfig,
  campaign,
  fixedContent,
  configList,
  fileAddress,
  abTest,
  logs,
];

/** Infrastructure and content calls of §7. */
export const infra = new Hono<AppEnv>()
  .get(health.path, async (c) => {
    const { status, d1, kv } = await bindingsHealth(c.env);
    return c.json(ok({ status, build: buildInfo.buildId, d1, kv }));
  })
  .get(shopSetting.path, async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(ok(await getShopSettings(c.env.SETTINGS, systemClock)));
  })
  .get(contentConfig.path, async (c) => {
    readQuery(c, contentConfig);
    const key = c.req.param('key') ?? '';
    if (!/^[a-z0-9-]{1,64}$/.test(key)) throw ApiError.badRequest('key must be lowercase letters, digits and dashes');
    const config = await findContentConfig(c.env.SETTINGS, systemClock, key);
    if (!config) throw ApiError.notFound(`No content config named ${key}`);
    return c.json(ok(config));
  })
  .get(urlConfig.path, async (c) => {
    const { urlPattern } = readQuery(c, urlConfig);
    const meta = await urlContentConfig(c.env.SETTINGS, urlPattern);
    return c.json(
      ok(
        meta
          ? { urlPattern, ...meta, isDefault: false }
          : { urlPattern, title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, isDefault: true },
      ),
    );
  })
  .get(campaign.path, async (c) => c.json(ok(await getCampaign(c.env.SETTINGS, systemClock))))
  .get(fixedContent.path, async (c) => c.json(ok((await findFixedContent(c.env.SETTINGS, systemClock)) ?? {})))
  .get(configList.path, async (c) => {
    const { page, size } = readQuery(c, configList);
    const { total, records } = await listContentConfigs(c.env.SETTINGS, page, size);
    return c.json(ok({ total, page, size, records }));
  })
  .get(fileAddress.path, (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(ok({ address: `${marketOrigin(c.env, c.var.market.id)}${MEDIA_PATH}` }));
  })
  .get(abTest.path, (c) => {
    const stored = readCookie(c, COOKIE.abTestGroup);
    const abTestGroup = visitorAbTestGroup(stored, c.var.visitorKey);
    if (stored !== abTestGroup) writeCookie(c, COOKIE.abTestGroup, abTestGroup, AB_TEST_COOKIE_SECONDS);
    return c.json(ok({ abTestGroup }));
  })
  .post(logs.path, async (c) => {
    const body = await readBody(c, logs);
    const accepted = await recordClientLogs(c.env.EVENTS, Array.isArray(body) ? body : [body], c.var.visitorKey);
    return c.json(ok({ accepted }));
  });
