import { Hono } from 'hono';
import { isStaffRole } from '../../shared/staff-permissions.ts';
import { EMAIL_PATTERN } from '../../shared/validation.ts';
import { getShopSettings } from '../content/service.ts';
import { systemClock } from '../platform/clock.ts';
import { type AdminContext, type AdminEnv, adminDeps, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { ADMIN_MSG, addStaff, auditLog, changeStaff, listStaff, type NewStaff } from './service.ts';
import { AuditPage } from './views/AuditPage.tsx';
import { StaffPage } from './views/StaffPage.tsx';
import { unlockStaff } from './staff-lock.ts';
import { staffForm, staffFormBase, trimmed } from './form.ts';
import type * as z from 'zod';

/** The form adding a staff member, and the one changing a member's role or standing. */
const newStaffForm = staffFormBase.extend({ email: trimmed(), name: trimmed(), role: trimmed(40) });
const staffChangeForm = staffFormBase.extend({ role: trimmed(40), active: trimmed(10) });

async function staffPage(
  c: AdminContext,
  extra: { added?: NewStaff; error?: string; input?: { email?: string; name?: string } } = {},
  status = 200,
) {
  const staff = await listStaff(adminDeps(c));
  const body = <StaffPage staff={staff} csrf={c.var.csrf} selfId={c.var.staff.id} {...extra} />;
  return renderAdmin(c, { title: 'Staff', status, body });
}

/** The new staff member a form describes, or what is wrong with it. */
function parseNewStaff(form: z.output<typeof newStaffForm>) {
  const email = form.email.toLowerCase();
  const { name, role } = form;
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return { error: ADMIN_MSG.emailInvalid, email, name };
  if (!name || name.length > 80) return { error: ADMIN_MSG.nameRequired, email, name };
  if (!isStaffRole(role)) return { error: ADMIN_MSG.roleInvalid, email, name };
  return { staff: { email, name, role } };
}

/** The owners' staff management and the audit log. */
export const adminStaff = new Hono<AdminEnv>()
  .get('/admin/staff', staffSession, requirePermission('staff.manage'), (c) => staffPage(c))
  .post('/admin/staff', staffSession, requirePermission('staff.manage'), ...staffForm(newStaffForm), async (c) => {
    const parsed = parseNewStaff(c.req.valid('form'));
    if (!parsed.staff) return staffPage(c, { error: parsed.error, input: parsed }, 400);
    const settings = await getShopSettings(c.env.SETTINGS, systemClock);
    const result = await addStaff({ ...adminDeps(c), shopName: settings.SHOP_NAME }, c.var.staff, parsed.staff);
    if (!result.ok) return staffPage(c, { error: result.message, input: parsed.staff }, 409);
    return staffPage(c, { added: result.staff });
  })
  .post(
    '/admin/staff/:id{[0-9]{1,9}}',
    staffSession,
    requirePermission('staff.manage'),
    ...staffForm(staffChangeForm),
    async (c) => {
      const { role, active } = c.req.valid('form');
      if (!isStaffRole(role)) return staffPage(c, { error: ADMIN_MSG.roleInvalid }, 400);
      const change = { role, active: active !== 'false' };
      const refused = await changeStaff(adminDeps(c), c.var.staff, Number(c.req.param('id')), change);
      if (refused) return staffPage(c, { error: refused }, refused === ADMIN_MSG.noSuchStaff ? 404 : 400);
      return c.redirect('/admin/staff', 303);
    },
  )
  .post(
    '/admin/staff/:id{[0-9]{1,9}}/unlock',
    staffSession,
    requirePermission('staff.manage'),
    ...staffForm(staffFormBase),
    async (c) => {
      const now = Math.floor(Date.now() / 1000);
      const unlocked = await unlockStaff(c.env.DB, c.var.staff, Number(c.req.param('id')), now);
      if (!unlocked) return staffPage(c, { error: ADMIN_MSG.notLocked }, 409);
      return c.redirect('/admin/staff', 303);
    },
  )
  .get('/admin/audit', staffSession, requirePermission('audit.view'), async (c) => {
    const page = Math.min(Math.max(Number.parseInt(c.req.query('page') ?? '1', 10) || 1, 1), 100_000);
    return renderAdmin(c, { title: 'Audit log', body: <AuditPage log={await auditLog(adminDeps(c), page)} /> });
  });

/** Any other /admin address: 404 inside the console (after the staff check, so it reveals nothing). */
export const adminFallback = new Hono<AdminEnv>().all('/admin/*', staffSession, (c) =>
  renderNotice(c, 404, 'Not found', 'There is no such page in the console.'),
);
