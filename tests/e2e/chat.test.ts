import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS } from '../../scripts/lib/dev-secrets.ts';
import { writeStaff } from '../../scripts/staff-lib.ts';
import { totpCode } from '../../worker/admin/totp.ts';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/** Where the browser tests leave screenshots for review. */
const SHOTS = '/tmp/shots';

const us = theShop().us;
let browser: Browser;

/** The smallest PNG there is (1x1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A support agent signed in on the console's form, on the chat inbox with their presence connected. */
async function agentOnInbox(): Promise<Page> {
  process.env.PASSWORD_PEPPER = TEST_SECRETS.PASSWORD_PEPPER; // the served shop's pepper
  const agent = await writeStaff(
    { stateDir: theShop().stateDir },
    { email: `chat-${Date.now()}@staff.test`, name: 'Casey Agent', role: 'support' },
  );
  const { page } = await openPage(browser, 1280);
  await page.goto(`${us}/admin`);
  await page.waitForURL(/\/admin\/sign-in$/);
  await page.fill('input[name="email"]', agent.email);
  await page.fill('input[name="password"]', agent.password);
  await page.fill('input[name="code"]', await totpCode(agent.totpSecret));
  await page.click('form[action="/admin/sign-in"] button[type="submit"]');
  await page.waitForURL(/\/admin$/);
  await page.goto(`${us}/admin/chat?view=waiting`);
  await page.locator('[data-presence-status]', { hasText: 'Connected: online' }).waitFor();
  return page;
}

/** A visitor on the feedback page with the launcher hydrated, its panel open. */
async function visitorWithLauncher(): Promise<Page> {
  const { page } = await openPage(browser, 390);
  await page.goto(`${us}/help/feedback`);
  await hydrated(page);
  await page.click('[data-header="mobile"] [data-live-chat="launcher"]');
  await page.locator('[data-chat="panel"]').waitFor();
  return page;
}

async function send(page: Page, text: string) {
  await page.fill('#chat-draft', text);
  await page.click('.chat-live__send button[type="submit"]');
}

describe('live chat in the browser', () => {
  it('a visitor and an agent chat in two browser contexts; markup stays text; a reload resumes', async () => {
    const agent = await agentOnInbox();
    const visitor = await visitorWithLauncher();
    await visitor.click('[data-chat="start"] button');
    await visitor.locator('.chat-live__status', { hasText: 'Waiting for an agent' }).waitFor();
    await send(visitor, 'Hi, do you have rotors for a 2018 Civic?');
    await visitor.locator('[data-author="shopper"]', { hasText: 'rotors for a 2018 Civic' }).waitFor();

    // The inbox reloads when a chat starts waiting; the agent opens it.
    const row = agent.locator('tr[data-conversation]').first();
    await row.waitFor();
    await row.locator('a').click();
    await agent.locator('[data-transcript] [data-author="shopper"]', { hasText: 'rotors' }).waitFor();
    await agent.fill('#chat-reply', 'Yes! Which trim is it?');
    await agent.click('[data-reply-form] button[type="submit"]');
    await visitor.locator('[data-author="agent"]', { hasText: 'Which trim is it?' }).waitFor();
    expect(await visitor.locator('.chat-live__status').textContent()).toBe('Chatting with Casey Agent');

    const markup = '<b>EX</b><img src=x onerror="document.title=1">';
    await send(visitor, markup);
    const line = agent.locator('[data-transcript] [data-author="shopper"] .chat-text', { hasText: '<b>EX</b>' });
    await line.waitFor();
    expect(await line.textContent()).toBe(markup);
    expect(await agent.locator('[data-transcript] b, [data-transcript] img').count()).toBe(0);
    expect(await visitor.locator('.chat-live__messages b, .chat-live__messages img').count()).toBe(0);

    // Another page: the conversation resumes from its history.
    await visitor.goto(`${us}/help/feedback`);
    await hydrated(visitor);
    await visitor.locator('[data-author="agent"]', { hasText: 'Which trim is it?' }).waitFor();
    expect(await visitor.locator('.chat-live__messages [data-author="shopper"]').count()).toBe(2);

    // A dropped connection: the socket closes and reopens, and messages sent meanwhile arrive.
    await visitor.context().setOffline(true);
    await agent.fill('#chat-reply', 'Then part 42-118 fits.');
    await agent.click('[data-reply-form] button[type="submit"]');
    await visitor.context().setOffline(false);
    await visitor.locator('[data-author="agent"]', { hasText: 'part 42-118' }).waitFor({ timeout: 20_000 });

    await visitor.click('[data-chat="end"] button[type="submit"]');
    await visitor.locator('[data-chat="ended"]').waitFor();
    await agent.close();
  });

  it('a visitor attaches an image; the agent, in another browser context, sees it live as a thumbnail', async () => {
    const agent = await agentOnInbox();
    const visitor = await visitorWithLauncher();
    await visitor.click('[data-chat="start"] button');
    await visitor.locator('.chat-live__status', { hasText: 'Waiting for an agent' }).waitFor();
    await send(visitor, 'Here is a photo of the old rotor.');
    // The inbox reloads when a chat starts waiting; the earlier chat has ended, so this one is first.
    const row = agent.locator('tr[data-conversation]').first();
    await row.waitFor();
    await row.locator('a').click();
    await agent.locator('[data-transcript] [data-author="shopper"]', { hasText: 'old rotor' }).waitFor();

    await visitor.setInputFiles('[data-chat="attach"]', { name: 'old-rotor.png', mimeType: 'image/png', buffer: PNG });
    const mine = visitor.locator('.chat-live__messages [data-author="shopper"] a[data-chat-image] img');
    await mine.waitFor();
    expect(await mine.getAttribute('alt')).toBe('old-rotor.png');
    await expect.poll(() => mine.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);

    // The agent's open conversation shows it at once (its socket), and the image loads with the staff session.
    const theirs = agent.locator('[data-transcript] [data-author="shopper"] a[data-chat-image] img');
    await theirs.waitFor();
    expect(await theirs.getAttribute('alt')).toBe('old-rotor.png');
    await expect.poll(() => theirs.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    const href = await agent.locator('[data-transcript] a[data-chat-image]').getAttribute('href');
    expect(href).toMatch(/^\/admin\/chat\/[0-9a-f]{32}\/images\/\d+$/);
    // For review: the agent's console with the shopper's context, and the visitor's launcher on a phone.
    if (REVIEW_SHOTS) {
      await agent.screenshot({ path: `${SHOTS}/chat-agent-1280.png`, fullPage: true });
      await visitor.screenshot({ path: `${SHOTS}/chat-visitor-390.png` });
    }

    // A file that is not an image is refused with the shop's reason.
    await visitor.setInputFiles('[data-chat="attach"]', {
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    await visitor
      .locator('[data-chat="attach-problem"]', { hasText: 'Only images can be attached (JPEG, PNG, WebP or HEIC).' })
      .waitFor();
    await visitor.click('[data-chat="end"] button[type="submit"]');
    await visitor.locator('[data-chat="ended"]').waitFor();
    await agent.close();
  });

  it('offline, the launcher takes a message that becomes a ticket the agent answers by email', async () => {
    const visitor = await visitorWithLauncher();
    const email = `offline-${Date.now()}@example.com`;
    const form = visitor.locator('[data-chat="offline"]');
    await form.locator('input[type="email"]').fill(email);
    await form.locator('textarea').fill('Do you ship to Alaska?');
    await form.locator('button[type="submit"]').click();
    const sent = visitor.locator('[data-chat="ticket-sent"]');
    await sent.waitFor();
    expect(await sent.textContent()).toBe(`Thanks. We have your message and will reply to ${email} within 24 hours.`);

    const [ticket] = await shopQuery<{ id: number }>(`SELECT id FROM support_ticket WHERE email = '${email}'`);
    const agent = await agentOnInbox();
    await agent.goto(`${us}/admin/chat/tickets/${ticket!.id}`);
    await agent.fill('#ticket-answer', 'Yes, we ship to Alaska.');
    await agent.click('form[action$="/answer"] button[type="submit"]');
    await agent.waitForURL(/done=answered/);
    const [mail] = await shopQuery<{ kind: string; text_body: string }>(
      `SELECT kind, text_body FROM email_outbox WHERE to_address = '${email}' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail?.kind).toBe('ticket-answer');
    expect(mail?.text_body).toContain('Yes, we ship to Alaska.');
    await agent.close();
  });

  it("opens from any storefront page: the footer's Live chat and the network-error notice's link", async () => {
    const { context, page } = await openPage(browser, 1280);
    await page.goto(`${us}/categories`);
    await hydrated(page);
    await page.locator('footer [data-live-chat]').first().click();
    await page.locator('[data-chat="panel"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/categories');
    await context.close();

    // A call that cannot reach the shop shows the §8 notice, whose link opens the chat in place.
    const phone = await openPage(browser, 390);
    await phone.page.route('**/item/public/buyer/associative/top-search-box**', (route) => route.abort());
    await phone.page.goto(`${us}/`);
    await hydrated(phone.page);
    await phone.page.locator('input[role="combobox"]:visible').first().fill('brake');
    const link = phone.page.locator('.notice [data-live-chat="notice"]');
    await link.waitFor();
    expect(await phone.page.locator('.notice--error').first().textContent()).toContain(
      'Service Exception Error. You can contact us through live chat for solutions.',
    );
    await link.click();
    await phone.page.locator('[data-chat="panel"]').waitFor();
    expect(new URL(phone.page.url()).pathname).toBe('/');
    await phone.context.close();
  });

  it("on a phone (390 px) Live chat is the header's, and closed, nothing of it floats over the page", async () => {
    const { context, page } = await openPage(browser, 390);
    await page.goto(`${us}/categories`);
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const floating = await page.evaluate(() =>
      [...document.querySelectorAll('[data-chat-launcher] *')].filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      }),
    );
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/chat-footer-390.png` });
    expect(floating).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('[data-header="mobile"] [data-live-chat="launcher"]');
    await page.locator('[data-chat="panel"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/categories');
    await context.close();
  });

  it('the feedback form creates a ticket and confirms it', async () => {
    const { page } = await openPage(browser, 1280);
    await page.goto(`${us}/help/feedback`);
    const email = `feedback-${Date.now()}@example.com`;
    const form = page.locator('[data-form="feedback"]');
    await form.locator('select[name="topic"]').selectOption('Fitment question');
    await form.locator('textarea[name="message"]').fill('The fitment note on rotor 42-118 is wrong.');
    await form.locator('input[name="email"]').fill(email);
    await form.locator('button[type="submit"]').click();
    const sent = page.locator('[data-feedback="sent"]');
    await sent.waitFor();
    expect(await sent.textContent()).toContain(`will reply to ${email}`);
    const [ticket] = await shopQuery<{ topic: string }>(`SELECT topic FROM support_ticket WHERE email = '${email}'`);
    expect(ticket?.topic).toBe('Fitment question');
  });
});
