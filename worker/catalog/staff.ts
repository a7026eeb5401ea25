/**
 * The catalog's staff door (issue 22, the back office's catalog pages): products, images, SKU prices
 * and stock edited with their versions and audit entries, and prices and stock imported by CSV.
 */

export * from './admin-edit.ts';
export * from './admin-import.ts';
export * from './admin-regulated.ts';
