import { Hono } from 'hono';
import { type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin } from './render.tsx';
import { HomePage } from './views/HomePage.tsx';

/** The console's home. */
export const adminDashboard = new Hono<AdminEnv>().get(
  '/admin',
  staffSession,
  requirePermission('dashboard.view'),
  (c) => renderAdmin(c, { title: 'Home', body: <HomePage staff={c.var.staff} /> }),
);
