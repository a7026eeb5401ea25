/**
 * How many e2e test files run at once, each worker against its own shop. Two on the two cores CI has: a
 * browser test spends much of its time waiting on the page, so two keep the machine busy. E2E_WORKERS
 * overrides it (1 runs everything in order against one shop).
 */
export const E2E_WORKERS = Math.max(1, Math.min(4, Number(process.env.E2E_WORKERS) || 2));
