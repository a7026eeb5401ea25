import { Hono } from 'hono';
import { type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { findOrders, orderForStaff, orderQuery } from './orders.ts';
import { renderAdmin, renderNotice } from './render.tsx';
import { OrderPage } from './views/OrderPage.tsx';
import { OrdersPage } from './views/OrdersPage.tsx';

/** The orders list and the order page, read-only (issue 19, Orders and fulfilment). */
export const adminOrders = new Hono<AdminEnv>()
  .get('/admin/orders', staffSession, requirePermission('orders.view'), async (c) => {
    const query = orderQuery((name) => c.req.query(name));
    const found = await findOrders(c.env.DB, query);
    return renderAdmin(c, { title: 'Orders', body: <OrdersPage query={query} found={found} /> });
  })
  .get('/admin/orders/:id', staffSession, requirePermission('orders.view'), async (c) => {
    const loaded = await orderForStaff(c.env.DB, c.req.param('id'));
    if (!loaded) return renderNotice(c, 404, 'Not found', 'There is no order with this number.');
    return renderAdmin(c, { title: `Order ${loaded.order.orderId}`, body: <OrderPage {...loaded} /> });
  });
