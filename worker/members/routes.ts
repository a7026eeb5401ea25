import { Hono } from 'hono';
import * as z from 'zod';
import {
  memberLevelAnswer,
  memberPointsAnswer,
  pointsLogAnswer,
  pointsLogQuery,
  pointsReminderAnswer,
} from '../../shared/api/members.ts';
import { API } from '../../shared/api-routes.ts';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import { systemClock } from '../platform/clock.ts';
import { endpoint, type Endpoint, readQuery } from '../platform/contract.ts';
import { memberLevelFor } from './levels.ts';
import { memberPoints, pointsLog, pointsReminder } from './points.ts';
import { pointsBalance } from './service.ts';

/** The member's points and level (issue 21, §7 Account); every call needs a signed-in member. */

const points = endpoint({
  method: 'get',
  path: API.memberPoints.path,
  tag: 'account',
  auth: true,
  summary: "The member's points: balance (the ledger's sum), pending on unpaid orders, worth, and what expires soon",
  response: memberPointsAnswer,
});
const log = endpoint({
  method: 'get',
  path: API.memberPointsLog.path,
  tag: 'account',
  auth: true,
  summary: "The member's points log, newest first, a page at a time, optionally of one kind",
  query: pointsLogQuery,
  response: pointsLogAnswer,
});
const reminder = endpoint({
  method: 'get',
  path: API.memberPointsReminder.path,
  tag: 'account',
  auth: true,
  summary: 'The points that expire in the next 30 days, and the first date',
  response: pointsReminderAnswer,
});
const level = endpoint({
  method: 'get',
  path: API.memberLevel.path,
  tag: 'account',
  auth: true,
  summary: "The member's level, progress to the next, and every level's benefits",
  response: memberLevelAnswer,
});

const balance = endpoint({
  method: 'post',
  path: '/account/public/buyer/member-points',
  tag: 'payment',
  auth: true,
  summary: "The member's points balance (100 points = $1 on parts)",
  response: z.object({ balance: z.number() }),
});

/** The calls this module mounts, as /openapi.json documents them. */
export const membersEndpoints: readonly Endpoint[] = [points, log, reminder, level, balance];

export const membersApi = new Hono<AppEnv>()
  .use(points.path, requireMember)
  .use(log.path, requireMember)
  .use(reminder.path, requireMember)
  .use(level.path, requireMember)
  .get(points.path, async (c) =>
    c.json(ok(await memberPoints(c.env, c.var.member!.accountId, c.var.market, systemClock))),
  )
  .get(log.path, async (c) => {
    const query = readQuery(c, log);
    return c.json(ok(await pointsLog(c.env, c.var.member!.accountId, query, systemClock)));
  })
  .get(reminder.path, async (c) => c.json(ok(await pointsReminder(c.env, c.var.member!.accountId, systemClock))))
  .get(level.path, async (c) => c.json(ok(await memberLevelFor(c.env, c.var.member!.accountId, Date.now()))))
  .use(balance.path, requireMember)
  .post(balance.path, async (c) => c.json(ok({ balance: await pointsBalance(c.env.DB, c.var.member!.accountId) })));
