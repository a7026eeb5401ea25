import { Hono } from 'hono';
import { systemClock } from '../platform/clock.ts';
import { dashboardFigures } from './dashboard.ts';
import { type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin } from './render.tsx';
import { HomePage } from './views/HomePage.tsx';

/** The console's home: the dashboard (issue 19). */
export const adminDashboard = new Hono<AdminEnv>().get(
  '/admin',
  staffSession,
  requirePermission('dashboard.view'),
  async (c) => {
    const figures = await dashboardFigures(c.env.DB, systemClock.now());
    return renderAdmin(c, { title: 'Home', body: <HomePage staff={c.var.staff} figures={figures} /> });
  },
);
