import { env } from 'cloudflare:test';
import fixture from '../fixtures/catalog.sql?raw';

/** Loads the small fixed catalog (npm run data:fixture) into this test file's D1. */
export async function loadCatalogFixture(): Promise<void> {
  await env.DB.exec(fixture);
}
