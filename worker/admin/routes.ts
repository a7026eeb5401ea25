import { Hono } from 'hono';
import { adminAuth } from './auth.routes.tsx';
import { adminContent } from './content.routes.tsx';
import { adminSettings } from './settings.routes.tsx';
import { adminCatalog } from './catalog.routes.tsx';
import { adminChat } from './chat.routes.tsx';
import { adminCustomers } from './customers.routes.tsx';
import { adminDashboard } from './dashboard.routes.tsx';
import { adminAnalytics } from './analytics.routes.tsx';
import { type AdminEnv, adminHeaders, consoleGate } from './guard.ts';
import { adminOrders } from './orders.routes.tsx';
import { adminPayments } from './payments.routes.tsx';
import { adminPromotions } from './promotions.routes.tsx';
import { adminReturns } from './returns.routes.tsx';
import { adminReviews } from './reviews.routes.tsx';
import { adminStaff, adminFallback } from './staff.routes.tsx';
import { adminTax } from './tax.routes.tsx';
import { adminTaxExemptions } from './tax-exemptions.routes.tsx';

/** The staff console under /admin (issue 19): never linked from the storefront, noindex, its own sign-in. */
export const admin = new Hono<AdminEnv>()
  .use('/admin', adminHeaders)
  .use('/admin/*', adminHeaders)
  .use('/admin', consoleGate)
  .use('/admin/*', consoleGate)
  .route('/', adminAuth)
  .route('/', adminDashboard)
  .route('/', adminAnalytics)
  .route('/', adminStaff)
  .route('/', adminOrders)
  .route('/', adminPayments)
  .route('/', adminReturns)
  .route('/', adminReviews)
  .route('/', adminPromotions)
  .route('/', adminContent)
  .route('/', adminSettings)
  .route('/', adminCatalog)
  .route('/', adminCustomers)
  .route('/', adminTaxExemptions)
  .route('/', adminChat)
  .route('/', adminTax)
  .route('/', adminFallback);
