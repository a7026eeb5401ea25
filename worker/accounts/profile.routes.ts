import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import * as accounts from './service.ts';
import * as profile from './profile.ts';
import { finishEmailChange, startEmailChange } from './email-change.ts';
import { RULES, enforce } from '../platform/rate-limit.ts';
import { clientIp } from '../platform/client-ip.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { accountDeps, startSession } from './route-support.ts';
import { forgetLinkToken, linkTokenOf } from './http.ts';
import {
  addressBody,
  addressIdQuery,
  changeEmailBody,
  idAnswer,
  messageSchema,
  passwordBody,
  profileBody,
  savedAddressSchema,
  sessionSchema,
  tokenBody,
  userDataSchema,
} from '../../shared/api/accounts.ts';

const current = endpoint({
  ...API.currentUser,
  tag: 'account',
  auth: true,
  summary: "The signed-in member's user data (§3)",
  response: userDataSchema,
});
const userInfo = endpoint({
  method: 'get',
  path: '/account/buyer/user/info',
  tag: 'account',
  auth: true,
  summary: 'User info fetched after sign-in (§7 Other calls): the same user data',
  response: userDataSchema,
});
const updateCurrent = endpoint({
  ...API.profileUpdate,
  tag: 'account',
  auth: true,
  summary: 'Update name, phone, postal code and birthday (month and day; absent leaves it, null clears it)',
  body: profileBody,
  response: userDataSchema,
});
const password = endpoint({
  ...API.passwordChange,
  tag: 'account',
  auth: true,
  summary: 'Change the password; other sessions are signed out',
  body: passwordBody,
  response: sessionSchema,
});
const verifyInit = endpoint({
  method: 'put',
  path: '/account/buyer/account/email-verify-init',
  tag: 'account',
  auth: true,
  summary: 'Email a new confirmation link',
  response: messageSchema,
});
const verifyFinish = endpoint({
  method: 'put',
  path: '/account/buyer/account/email-verify',
  tag: 'account',
  auth: true,
  summary: 'Confirm the email with its link',
  body: tokenBody,
  response: sessionSchema,
});
const changeInit = endpoint({
  ...API.emailChangeInit,
  tag: 'account',
  auth: true,
  summary: 'Email a confirmation link to a new address (password required)',
  body: changeEmailBody,
  response: messageSchema,
});
const changeFinish = endpoint({
  ...API.emailChangeFinish,
  tag: 'account',
  auth: true,
  summary: 'Finish the email change from its link: only the account that asked, once, within 30 minutes',
  body: tokenBody,
  response: sessionSchema,
});
const addressList = endpoint({
  ...API.addressList,
  tag: 'account',
  auth: true,
  summary: "The member's addresses, default first",
  response: z.array(savedAddressSchema),
});
const addressAdd = endpoint({
  ...API.addressAdd,
  tag: 'account',
  auth: true,
  summary: 'Add a US or Canadian address',
  body: addressBody,
  response: idAnswer,
});
const addressUpdate = endpoint({
  ...API.addressUpdate,
  tag: 'account',
  auth: true,
  summary: 'Update one of the member’s addresses',
  body: z.intersection(addressBody, z.object({ id: z.number().int().positive() })),
  response: z.null(),
});
const addressDelete = endpoint({
  ...API.addressDelete,
  tag: 'account',
  auth: true,
  summary: 'Delete one of the member’s addresses',
  query: addressIdQuery,
  response: z.null(),
});
/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const accountProfileEndpoints: readonly Endpoint[] = [
  current,
  userInfo,
  updateCurrent,
  password,
  verifyInit,
  verifyFinish,
  changeInit,
  changeFinish,
  addressList,
  addressAdd,
  addressUpdate,
  addressDelete,
];

/** The signed-in member's account: profile, password, email and addresses (§7 Account). */
export const accountProfile = new Hono<AppEnv>()
  .use('/account/buyer/*', requireMember)
  .get(current.path, async (c) => c.json(ok(await profile.currentUser(c.env.DB, c.var.member!.accountId))))
  .get(userInfo.path, async (c) => c.json(ok(await profile.currentUser(c.env.DB, c.var.member!.accountId))))
  .put(updateCurrent.path, async (c) => {
    const body = await readBody(c, updateCurrent);
    return c.json(ok(await profile.updateProfile(c.env.DB, c.var.member!.accountId, c.var.market.id, body)));
  })
  .put(password.path, async (c) => {
    const { oldPassword, newPassword } = await readBody(c, password);
    return c.json(
      ok(
        startSession(
          c,
          await accounts.changePassword(await accountDeps(c), c.var.member!.accountId, oldPassword, newPassword),
        ),
      ),
    );
  })
  .put(verifyInit.path, async (c) => {
    const accountId = c.var.member!.accountId;
    await enforce(c.env.RATE_LIMITER, [
      { key: `verify-resend:account:${accountId}`, rule: RULES.resendVerifyPerAccount },
      { key: `verify-resend:ip:${clientIp(c)}`, rule: RULES.resendVerifyPerIp },
    ]);
    return c.json(ok({ message: await accounts.resendVerification(await accountDeps(c), accountId) }));
  })
  .put(verifyFinish.path, async (c) => {
    const token = linkTokenOf(c, 'verify-email', (await readBody(c, verifyFinish)).token);
    const session = await accounts.confirmEmail(await accountDeps(c), token);
    forgetLinkToken(c, 'verify-email');
    return c.json(ok(startSession(c, session)));
  })
  .put(changeInit.path, async (c) => {
    const { newEmail, password: current } = await readBody(c, changeInit);
    const accountId = c.var.member!.accountId;
    await enforce(c.env.RATE_LIMITER, [
      { key: `change-email:account:${accountId}`, rule: RULES.changeEmailPerAccount },
      { key: `change-email:ip:${clientIp(c)}`, rule: RULES.changeEmailPerIp },
    ]);
    return c.json(ok({ message: await startEmailChange(await accountDeps(c), accountId, newEmail, current) }));
  })
  .put(changeFinish.path, async (c) => {
    const token = linkTokenOf(c, 'change-email', (await readBody(c, changeFinish)).token);
    // Tried once from the page: used, or refused for good (another account, expired), it is not tried again.
    forgetLinkToken(c, 'change-email');
    const session = await finishEmailChange(await accountDeps(c), c.var.member!.accountId, token);
    return c.json(ok(startSession(c, session)));
  })
  .get(addressList.path, async (c) => c.json(ok(await profile.addressBook(c.env.DB, c.var.member!.accountId))))
  .post(addressAdd.path, async (c) => {
    const body = await readBody(c, addressAdd);
    return c.json(ok({ id: await profile.addAddress(c.env.DB, c.var.member!.accountId, body) }));
  })
  .put(addressUpdate.path, async (c) => {
    const { id, ...address } = await readBody(c, addressUpdate);
    await profile.updateAddress(c.env.DB, c.var.member!.accountId, id, address);
    return c.json(ok(null));
  })
  .delete(addressDelete.path, async (c) => {
    const { id } = readQuery(c, addressDelete);
    await profile.deleteAddress(c.env.DB, c.var.member!.accountId, id);
    return c.json(ok(null));
  });
