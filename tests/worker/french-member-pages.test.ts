import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import contentConfigs from '../../kv-seed/content-configs.json';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { bearer, member } from './account-helpers.ts';
import { runSqlFile } from './checkout-helpers.ts';
import { englishIn, textOf } from './english-words.ts';
import { CA_HOST, US_HOST, api, page } from './helpers.ts';
import { creditPoints } from './points-helpers.ts';

/** The member pages and the garage in French (issue 37): no English on them, and the English pages as they were. */

beforeAll(async () => {
  await runSqlFile(seedSql);
  await env.SETTINGS.put(KV_KEY.contentConfig('promotion-names'), JSON.stringify(contentConfigs['promotion-names']));
});

/** A member with points earned on an order, 1,250 adjusted in by the shop and a Silver level's spend. */
async function memberWithActivity() {
  const token = await member(`fr-points-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const current = await api<{ accountId: number }>(`${US_HOST}/account/buyer/account/current`, {
    headers: bearer(token),
  });
  const accountId = current.body.data.accountId;
  await env.DB.prepare(`UPDATE account SET market = 'ca' WHERE id = ?`).bind(accountId).run();
  const now = Date.now();
  const orderId = `FR-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare(
    `INSERT INTO orders (id, idempotency_key, account_id, email, market, currency, status, subtotal_cent,
       discount_cent, shipping_cent, shipping_discount_cent, tax_cent, total_cent, shipping_name, address, paid_at,
       created_at, updated_at)
     VALUES (?1, ?1, ?2, 'points@example.com', 'ca', 'CAD', 'PROCESSING', 30000, 0, 0, 0, 0, 30000,
       'Standard Shipping', '{}', ?3, ?3, ?3)`,
  )
    .bind(orderId, accountId, now)
    .run();
  await creditPoints(env.DB, accountId, 300, 'EARNED_ORDER', orderId, now - 1000);
  await env.DB.prepare(
    `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at)
     VALUES (?, 1250, 'ADJUSTMENT', 'test', ?)`,
  )
    .bind(accountId, now)
    .run();
  return { headers: { cookie: `token=${token}` }, accountId, orderId };
}

async function frenchPage(path: string, headers: Record<string, string> = {}) {
  const { status, html } = await page(`${CA_HOST}/fr${path}`, { headers });
  expect(status, path).toBe(200);
  expect(html).toContain('<html lang="fr-CA"');
  const english = await englishIn(html);
  expect(english, path).toEqual([]);
  return { html, text: textOf(html) };
}

describe('the member pages in French', () => {
  it('shows My points in French: balance, worth and level in fr-CA formats, the latest activity', async () => {
    const { headers, orderId } = await memberWithActivity();
    const { html, text } = await frenchPage('/myAccount?type=member', headers);
    expect(html).toContain('<h1>Mes points</h1>');
    for (const words of [
      '1\u00a0550 points',
      'Valeur de 15,50\u00a0$ au paiement (100 points = 1,00\u00a0$)',
      'Membre Argent',
      `Obtenus sur la commande ${orderId}`,
      'Ajustés par la boutique',
      'Activité récente',
    ])
      expect(text, words).toContain(words);
    expect(text).toMatch(/expire le \d{1,2} [a-zéû]+\.? \d{4}/);
    expect(text).toMatch(
      new RegExp(
        String.raw`Dépensez [\d\u00a0\u202f]+,\d\d\u00a0\$ de plus d.ici le \d{1,2} [a-zéû]+\.? \d{4} ` +
          'pour atteindre le niveau Or',
      ),
    );
  });

  it('shows the levels page in French, with the level names and their coupons in French', async () => {
    const { headers } = await memberWithActivity();
    const { html, text } = await frenchPage('/myAccount/member/level', headers);
    expect(html).toContain('<h1>Avantages des niveaux</h1>');
    for (const words of [
      'Argent Votre niveau',
      '2 points par dollar dépensé en pièces',
      'Livraison gratuite sur les commandes de 75,00\u00a0$ ou plus',
      'Membres Argent : 5 $ de rabais dès 50 $',
      'Réservé aux membres Or',
    ])
      expect(text, words).toContain(words);
  });

  it('shows the coupon centre and the wallet in French', async () => {
    const { headers } = await memberWithActivity();
    const { text } = await frenchPage('/myAccount/member/coupons', headers);
    for (const words of [
      'Échangez vos points contre des coupons',
      'Votre solde : 1\u00a0550 points (15,50\u00a0$)',
      '10 $ de rabais pour 1 000 points',
      'Votre solde suffit',
      'Mes coupons',
      'Utilisables (0)',
    ])
      expect(text, words).toContain(words);
  });

  it('shows the points history in French, its filter and paging too', async () => {
    const { headers } = await memberWithActivity();
    const { text } = await frenchPage('/myAccount/member/history', headers);
    for (const words of [
      "Afficher Toute l'activité Obtenus",
      'Ajustés par la boutique',
      'Précédent Page 1 sur 1 Suivant',
    ])
      expect(text, words).toContain(words);
  });

  it('shows the reward rules in French to a visitor and to a member', async () => {
    const visitor = await frenchPage('/myAccount/member/rule');
    for (const words of [
      'Règles des récompenses',
      "Niveau Atteint avec Points par dollar Points d'anniversaire",
      'Bronze tous les membres 1 —',
      'Argent 250,00\u00a0$ dépensés en pièces au cours des 12 derniers mois 2 100',
      'Au paiement, 100 points = 1,00\u00a0$ de rabais sur les pièces',
      'Les points expirent 12 mois après avoir été obtenus',
    ])
      expect(visitor.text, words).toContain(words);
    const { headers } = await memberWithActivity();
    await frenchPage('/myAccount/member/rule', headers);
  });

  it('answers the points log API in French when the page asks in French', async () => {
    const { headers, orderId } = await memberWithActivity();
    const log = await api<{ list: { label: string }[] }>(`${CA_HOST}/account/buyer/member-points-log/list`, {
      headers: { ...headers, 'accept-language': 'fr-CA' },
    });
    expect(log.body.data.list.map((entry) => entry.label)).toEqual([
      'Ajustés par la boutique',
      `Obtenus sur la commande ${orderId}`,
    ]);
  });
});

describe("the level coupons' refusal in French", () => {
  it("tells a member in French that another level's coupon is for that level's members", async () => {
    const { headers } = await memberWithActivity();
    const claim = (language: string) =>
      api(`${CA_HOST}/promotion/public/promotion/claim`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'accept-language': language },
        body: JSON.stringify({ promotionId: 1014 }),
      });
    expect((await claim('fr-CA')).body.msg).toBe('Ce coupon est réservé aux membres Or.');
    expect((await claim('en-CA')).body.msg).toBe('This coupon is for Gold members.');
  });
});

describe('the garage page in French', () => {
  it('shows the parts page and the empty garage in French', async () => {
    const { html, text } = await frenchPage('/parts');
    expect(html).toContain('<h1>Pièces pour votre véhicule</h1>');
    for (const words of ['Votre garage est vide.', 'Magasiner par marque']) expect(text, words).toContain(words);
  });
});

describe('the member pages in English stay as they were', () => {
  it('keeps My points, the levels, coupons, history and rules in their English words', async () => {
    const { headers, orderId } = await memberWithActivity();
    const points = textOf((await page(`${CA_HOST}/myAccount?type=member`, { headers })).html);
    for (const words of [
      '1550 points Worth CA$15.50 at checkout (100 points = CA$1.00)',
      'Pending 0 points from orders not paid yet',
      'Silver member',
      'to reach Gold',
      'CA$300.00 spent on parts in the last 12 months.',
      `Earned on order ${orderId}`,
    ])
      expect(points, words).toContain(words);
    const levels = textOf((await page(`${CA_HOST}/myAccount/member/level`, { headers })).html);
    for (const words of ['2 points per dollar spent on parts', 'Free shipping on orders of CA$75.00 or more'])
      expect(levels, words).toContain(words);
    expect(levels).toContain('For Gold members');
    const coupons = textOf((await page(`${CA_HOST}/myAccount/member/coupons`, { headers })).html);
    for (const words of ['Your balance: 1550 points (CA$15.50)', '$10 off for 1000 points', 'Usable (0)'])
      expect(coupons, words).toContain(words);
    const history = textOf((await page(`${CA_HOST}/myAccount/member/history`, { headers })).html);
    for (const words of ['Show All activity Earned', 'Adjusted by the shop', 'Previous Page 1 of 1 Next'])
      expect(history, words).toContain(words);
    const rules = textOf((await page(`${CA_HOST}/myAccount/member/rule`)).html);
    for (const words of [
      'Level Reached with Points per dollar Birthday points',
      'Silver CA$250.00 spent on parts in the last 12 months 2 100',
      'Points expire 12 months after they were earned, oldest first. We remind you 14 days before by email',
      'in the coupon centre: the points are taken when you redeem',
    ])
      expect(rules, words).toContain(words);
    const parts = textOf((await page(`${CA_HOST}/parts`)).html);
    expect(parts).toContain('Parts for your vehicle');
    expect(parts).toContain('Your garage is empty. Choose a vehicle above to add it.');
  });
});
