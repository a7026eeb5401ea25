import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';

/**
 * Whether to take the review screenshots (full-page PNGs at 390 and 1280 px under /tmp/shots*) that
 * people look at and no assertion reads: only with E2E_SHOTS=1 (`npm run test:e2e:shots`). Off by
 * default because on a 2-core CI machine the suite is CPU-bound, and the screenshots, with the page
 * loads and width changes taken only for them, cost minutes for nothing a test checks.
 */
export const REVIEW_SHOTS = process.env.E2E_SHOTS === '1';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/** A headless system Chromium with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = CANDIDATES.find((path) => path && existsSync(path));
  if (!executablePath)
    throw new Error('No Chromium found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page of the given width that records console errors and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  width: number,
  options: { clipboard?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(recordNotices);
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * Waits until the page's islands have hydrated, so clicks and typing reach React, not static HTML:
 * those that hydrate at load, then those that wait for an idle moment. Islands that hydrate when
 * scrolled to (`data-hydrate="visible"`) hydrate once the test scrolls to them.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
  await page
    .locator('[data-hydrate="idle"]:not([data-hydrated])')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
}

const NOTICE_LOG = 'e2e-notices';

/**
 * Runs in every page before its scripts: writes the text of every notice that appears into the
 * tab's sessionStorage, so a test can tell a notice was shown even when it closed (after 1.5 s,
 * §9) before a slow, busy machine let the test look.
 */
function recordNotices() {
  const seen = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const notice of [node, ...node.querySelectorAll('.notice')]) {
      if (!notice.classList.contains('notice') || !notice.textContent) continue;
      const log = sessionStorage.getItem('e2e-notices') ?? '';
      sessionStorage.setItem('e2e-notices', `${log}\n${notice.textContent}`);
    }
  };
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) seen(node);
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Waits until a notice with the text has been shown in this tab (it may have closed since), and
 * takes it off the log, so waiting for the same words again waits for a new notice.
 */
export async function noticeShown(page: Page, text: string, timeout = 30_000): Promise<void> {
  const shown = page.waitForFunction(
    ([key, wanted]) => {
      const lines = (sessionStorage.getItem(key!) ?? '').split('\n');
      const at = lines.findIndex((line) => line.includes(wanted!));
      if (at < 0) return false;
      lines.splice(at, 1);
      sessionStorage.setItem(key!, lines.join('\n'));
      return true;
    },
    [NOTICE_LOG, text],
    { timeout },
  );
  await shown.catch(async (error: Error) => {
    // The notices the tab did show say what went wrong instead (a refusal, a network failure).
    const log = await page.evaluate((key) => sessionStorage.getItem(key), NOTICE_LOG).catch(() => null);
    throw new Error(`no notice "${text}"; the tab showed: ${JSON.stringify(log?.split('\n').filter(Boolean) ?? [])}`, {
      cause: error,
    });
  });
}
