import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import { nameProblem, phoneProblem } from '../../shared/validation.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../middleware/auth.ts';
import * as accounts from './service.ts';
import * as profile from './profile.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { accountDeps, startSession } from './route-support.ts';
import {
  addressBody,
  emailField,
  messageSchema,
  passwordField,
  rule,
  savedAddressSchema,
  sessionSchema,
  text,
  userDataSchema,
} from './schemas.ts';

const current = endpoint({
  method: 'get',
  path: '/account/buyer/account/current',
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
  method: 'put',
  path: '/account/buyer/account/current',
  tag: 'account',
  auth: true,
  summary: 'Update name, phone and postal code',
  body: z.object({
    firstName: text(50).superRefine(rule(nameProblem)).nullable().default(null),
    lastName: text(50).superRefine(rule(nameProblem)).nullable().default(null),
    phone: text(20).superRefine(rule(phoneProblem)).nullable().default(null),
    zipCode: z.string().max(10).nullable().default(null),
  }),
  response: userDataSchema,
});
const password = endpoint({
  method: 'put',
  path: '/account/buyer/account/password',
  tag: 'account',
  auth: true,
  summary: 'Change the password; other sessions are signed out',
  body: z.object({ oldPassword: z.string().max(128).nullable().default(null), newPassword: passwordField }),
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
  body: z.object({ token: z.string().min(10).max(4096) }),
  response: sessionSchema,
});
const changeInit = endpoint({
  method: 'put',
  path: '/account/buyer/account/change-email-init',
  tag: 'account',
  auth: true,
  summary: 'Email a confirmation link to a new address (password required)',
  body: z.object({ newEmail: emailField, password: z.string().max(128).nullable().default(null) }),
  response: messageSchema,
});
const changeFinish = endpoint({
  method: 'put',
  path: '/account/buyer/account/change-email-finish',
  tag: 'account',
  auth: true,
  summary: 'Finish the email change from its link',
  body: z.object({ token: z.string().min(10).max(4096) }),
  response: sessionSchema,
});
const addressList = endpoint({
  method: 'get',
  path: '/account/buyer/current/address/list',
  tag: 'account',
  auth: true,
  summary: "The member's addresses, default first",
  response: z.array(savedAddressSchema),
});
const addressAdd = endpoint({
  method: 'post',
  path: '/account/buyer/current/address',
  tag: 'account',
  auth: true,
  summary: 'Add a US or Canadian address',
  body: addressBody,
  response: z.object({ id: z.number().int() }),
});
const addressUpdate = endpoint({
  method: 'put',
  path: '/account/buyer/current/address',
  tag: 'account',
  auth: true,
  summary: 'Update one of the member’s addresses',
  body: z.intersection(addressBody, z.object({ id: z.number().int().positive() })),
  response: z.null(),
});
const addressDelete = endpoint({
  method: 'delete',
  path: '/account/buyer/current/address',
  tag: 'account',
  auth: true,
  summary: 'Delete one of the member’s addresses',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: z.null(),
});
const firstDiscount = endpoint({
  method: 'get',
  path: '/account/buyer/first-discount/check',
  tag: 'account',
  auth: true,
  summary: 'Whether the member can still use the first-order discount (§7 Other calls)',
  response: z.object({ eligible: z.boolean() }),
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
  firstDiscount,
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
  .put(verifyInit.path, async (c) =>
    c.json(ok({ message: await accounts.resendVerification(await accountDeps(c), c.var.member!.accountId) })),
  )
  .put(verifyFinish.path, async (c) => {
    const { token } = await readBody(c, verifyFinish);
    return c.json(ok(startSession(c, await accounts.confirmEmail(await accountDeps(c), token))));
  })
  .put(changeInit.path, async (c) => {
    const { newEmail, password: current } = await readBody(c, changeInit);
    return c.json(
      ok({
        message: await accounts.startEmailChange(await accountDeps(c), c.var.member!.accountId, newEmail, current),
      }),
    );
  })
  .put(changeFinish.path, async (c) => {
    const { token } = await readBody(c, changeFinish);
    return c.json(ok(startSession(c, await accounts.finishEmailChange(await accountDeps(c), token))));
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
  })
  .get(firstDiscount.path, async (c) =>
    c.json(ok({ eligible: await profile.firstDiscountEligible(c.env.DB, c.var.member!.accountId) })),
  );
