/** Every island's events go through the one browser tracker (§7): its full payload, retries and batching. */
export { track } from '../tracking/browser.ts';
