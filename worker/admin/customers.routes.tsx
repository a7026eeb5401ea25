import { Hono } from 'hono';
import type { AdminEnv } from './guard.ts';

/** Customers (issue 19, Customers). */
export const adminCustomers = new Hono<AdminEnv>();
