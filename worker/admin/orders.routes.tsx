import { Hono } from 'hono';
import { returnQueue } from '../returns/staff.ts';
import { orderTaxForStaff } from '../tax/staff.ts';
import type { FulfilResult } from '../orders/staff.ts';
import { type AdminContext, type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { staffForm, staffFormBase } from './form.ts';
import {
  addressForm,
  addressFromForm,
  cancelFromForm,
  deliveredFromForm,
  noteForm,
  noteFromForm,
  refundForm,
  refundFromForm,
  shipForm,
  shipFromForm,
} from './order-actions.ts';
import { findOrders, orderForStaff, orderQuery } from './orders.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { mayDo } from './service.ts';
import { OrderPage } from './views/OrderPage.tsx';
import { OrdersPage } from './views/OrdersPage.tsx';

/** What a finished action says on the order page it returns to (`?done=`). */
const DONE: Record<string, string> = {
  shipped: 'Shipment recorded; the shopper has been emailed the tracking link.',
  delivered: 'Shipment marked delivered.',
  cancelled: 'Order cancelled; stock, points and coupons went back, and any payment was refunded.',
  refunded: 'Refund sent to the payment provider; the shopper has been emailed.',
  address: 'Ship-to address changed; the tax was worked out again for it.',
  noted: 'Note added.',
};

/** The order page, with a notice after an action or an error with its status. */
async function orderPage(c: AdminContext, orderId: string, extra: { error?: string; status?: number } = {}) {
  const loaded = await orderForStaff(c.env.DB, orderId);
  if (!loaded) return renderNotice(c, 404, 'Not found', 'There is no order with this number.');
  const notice = DONE[c.req.query('done') ?? ''];
  const staff = c.var.staff;
  // Each form shows only to the roles that may use it (the routes below check again).
  const may = {
    ship: mayDo(staff, 'orders.ship'),
    refund: mayDo(staff, 'orders.refund'),
    cancel: mayDo(staff, 'orders.cancel'),
    editAddress: mayDo(staff, 'orders.editAddress'),
    note: mayDo(staff, 'orders.note'),
  };
  // The order's returns (search matches order numbers by prefix, so keep this order's only).
  const returns = mayDo(staff, 'returns.view')
    ? (await returnQueue(c.env.DB, { status: 'ALL', q: orderId })).rows.filter((row) => row.orderId === orderId)
    : [];
  const tax = await orderTaxForStaff(c.env.DB, orderId);
  const body = (
    <OrderPage
      loaded={loaded}
      csrf={c.var.csrf}
      may={may}
      notice={notice}
      error={extra.error}
      returns={returns}
      tax={tax}
    />
  );
  return renderAdmin(c, { title: `Order ${loaded.order.orderId}`, status: extra.status, body });
}

/** After an action: back to the order page with its notice, or the page again with the refusal. */
function answer(c: AdminContext, orderId: string, result: FulfilResult, done: string) {
  if (result.ok) return c.redirect(`/admin/orders/${encodeURIComponent(orderId)}?done=${done}`, 303);
  return orderPage(c, orderId, { error: result.message, status: result.status });
}

const ORDER = '/admin/orders/:id{[A-Za-z0-9-]{1,64}}';

/** The orders list and the order page, and what staff do to an order (issue 19, Orders and fulfilment). */
export const adminOrders = new Hono<AdminEnv>()
  .get('/admin/orders', staffSession, requirePermission('orders.view'), async (c) => {
    const query = orderQuery((name) => c.req.query(name));
    const found = await findOrders(c.env.DB, query);
    return renderAdmin(c, { title: 'Orders', body: <OrdersPage query={query} found={found} /> });
  })
  .get(ORDER, staffSession, requirePermission('orders.view'), (c) => orderPage(c, c.req.param('id')))
  .post(`${ORDER}/ship`, staffSession, requirePermission('orders.ship'), ...staffForm(shipForm), async (c) => {
    const id = c.req.param('id');
    return answer(c, id, await shipFromForm(c.env, c.var.staff, id, c.req.valid('form')), 'shipped');
  })
  .post(
    `${ORDER}/shipments/:shipment{[0-9]{1,9}}/delivered`,
    staffSession,
    requirePermission('orders.ship'),
    ...staffForm(staffFormBase),
    async (c) => {
      const id = c.req.param('id');
      return answer(
        c,
        id,
        await deliveredFromForm(c.env, c.var.staff, id, Number(c.req.param('shipment'))),
        'delivered',
      );
    },
  )
  .post(`${ORDER}/cancel`, staffSession, requirePermission('orders.cancel'), ...staffForm(staffFormBase), async (c) => {
    const id = c.req.param('id');
    return answer(c, id, await cancelFromForm(c.env, c.var.staff, id), 'cancelled');
  })
  .post(
    `${ORDER}/address`,
    staffSession,
    requirePermission('orders.editAddress'),
    ...staffForm(addressForm),
    async (c) => {
      const id = c.req.param('id');
      return answer(c, id, await addressFromForm(c.env, c.var.staff, id, c.req.valid('form')), 'address');
    },
  )
  .post(`${ORDER}/notes`, staffSession, requirePermission('orders.note'), ...staffForm(noteForm), async (c) => {
    const id = c.req.param('id');
    return answer(c, id, await noteFromForm(c.env, c.var.staff, id, c.req.valid('form')), 'noted');
  })
  .post(`${ORDER}/refund`, staffSession, requirePermission('orders.refund'), ...staffForm(refundForm), async (c) => {
    const id = c.req.param('id');
    return answer(c, id, await refundFromForm(c.env, c.var.staff, id, c.req.valid('form')), 'refunded');
  });
