import { Hono } from 'hono';
import type { AdminEnv } from './guard.ts';

/** Review moderation (issue 19, Reviews). */
export const adminReviews = new Hono<AdminEnv>();
