import { Hono } from 'hono';
import {
  adjustCustomerPoints,
  CUSTOMER_DONE,
  CUSTOMER_MSG,
  customerDetail,
  customerQuery,
  findCustomer,
  adjustmentForm,
  parseAdjustment,
  resendConfirmation,
  searchCustomers,
  setBlocked,
} from './customers.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { CustomerPage } from './views/CustomerPage.tsx';
import { CustomersPage } from './views/CustomersPage.tsx';
import { staffForm, staffFormBase } from './form.ts';

const CUSTOMER = '/admin/customers/:id{[0-9]{1,9}}';
const idOf = (c: AdminContext) => Number(c.req.param('id'));
const notFound = (c: AdminContext) => renderNotice(c, 404, 'Not found', CUSTOMER_MSG.notFound);

/** The member page, with what a change just did (`done`) or why it was refused (`error`). */
async function customerPage(c: AdminContext, extra: { error?: string } = {}, status = 200) {
  const detail = await customerDetail(c.env.DB, idOf(c));
  if (!detail) return notFound(c);
  const done = CUSTOMER_DONE[c.req.query('done') ?? ''];
  const body = (
    <CustomerPage
      detail={detail}
      staff={c.var.staff}
      csrf={c.var.csrf}
      formKey={crypto.randomUUID()}
      done={extra.error ? undefined : done}
      error={extra.error}
    />
  );
  return renderAdmin(c, { title: `Customer ${detail.account.email}`, status, body });
}

const backTo = (c: AdminContext, done: keyof typeof CUSTOMER_DONE) =>
  c.redirect(`/admin/customers/${idOf(c)}?done=${done}`, 303);

/** Customers (issue 19): find members, see one, adjust their points, resend their confirmation, block them. */
export const adminCustomers = new Hono<AdminEnv>()
  .get('/admin/customers', staffSession, requirePermission('customers.view'), async (c) => {
    const query = customerQuery((name) => c.req.query(name));
    const found = await searchCustomers(c.env.DB, query);
    return renderAdmin(c, { title: 'Customers', body: <CustomersPage query={query} found={found} /> });
  })
  .get(CUSTOMER, staffSession, requirePermission('customers.view'), (c) => customerPage(c))
  .post(
    `${CUSTOMER}/points`,
    staffSession,
    requirePermission('customers.adjustPoints'),
    ...staffForm(adjustmentForm),
    async (c) => {
      const parsed = parseAdjustment(c.req.valid('form'));
      if (!parsed.adjustment) return customerPage(c, { error: parsed.error }, 400);
      if (!(await findCustomer(c.env.DB, idOf(c)))) return notFound(c);
      const result = await adjustCustomerPoints(c.env.DB, c.var.staff, idOf(c), parsed.adjustment);
      if (result.outcome === 'belowZero') {
        return customerPage(c, { error: CUSTOMER_MSG.belowZero(result.balance, parsed.adjustment.delta) }, 409);
      }
      return backTo(c, result.outcome === 'repeated' ? 'repeated' : 'points');
    },
  )
  .post(
    `${CUSTOMER}/resend-confirmation`,
    staffSession,
    requirePermission('customers.resendConfirmation'),
    ...staffForm(staffFormBase),
    async (c) => {
      const account = await findCustomer(c.env.DB, idOf(c));
      const sent = account ? await resendConfirmation(c, account) : 'missing';
      if (sent === 'missing') return notFound(c);
      if (sent === 'confirmed') return customerPage(c, { error: CUSTOMER_MSG.alreadyConfirmed }, 409);
      return backTo(c, 'confirmation');
    },
  )
  .post(
    `${CUSTOMER}/block`,
    staffSession,
    requirePermission('customers.block'),
    ...staffForm(staffFormBase),
    async (c) => {
      const result = await setBlocked(c.env.DB, c.var.staff, idOf(c), true);
      if (result === 'missing') return notFound(c);
      if (result === 'unchanged') return customerPage(c, { error: CUSTOMER_MSG.alreadyBlocked }, 409);
      return backTo(c, 'blocked');
    },
  )
  .post(
    `${CUSTOMER}/unblock`,
    staffSession,
    requirePermission('customers.block'),
    ...staffForm(staffFormBase),
    async (c) => {
      const result = await setBlocked(c.env.DB, c.var.staff, idOf(c), false);
      if (result === 'missing') return notFound(c);
      if (result === 'unchanged') return customerPage(c, { error: CUSTOMER_MSG.notBlocked }, 409);
      return backTo(c, 'unblocked');
    },
  );
