import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutFixture } from './checkout-helpers.ts';
import { CA_HOST, US_HOST, api, arrive, shop } from './helpers.ts';
import { askReturn, fileOf, shippedGuestOrder, uploadIds } from './returns-helpers.ts';

/** A return in French (issue 37): the form, its reasons and evidence, its status page and the API's messages. */

let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture(3);
});

describe('a return in French', () => {
  it('shows the return form with the eight reasons and their evidence in French', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 2 }]);
    const query = new URLSearchParams({ orderId: order.orderId, orderToken: order.orderToken });
    // The emailed link's token is exchanged for its cookie, and the shopper stays on the French page.
    const { status, html, landed } = await arrive(`${CA_HOST}/fr/order/returns/new?${query}`);
    expect(landed).toBe(`${CA_HOST}/fr/order/returns/new?${new URLSearchParams({ orderId: order.orderId })}`);
    expect(status).toBe(200);
    expect(html).toContain('<html lang="fr-CA"');
    for (const text of [
      `Retourner des articles de la commande ${order.orderId}`,
      'Pièces à retourner',
      'Pourquoi la retournez-vous?',
      'Pièce plus nécessaire',
      'La pièce ne convient pas',
      'photos de la pièce, de l&#x27;emballage, de l&#x27;étiquette',
      'Demander un retour',
    ])
      expect(html, text).toContain(text);
    expect(html).toMatch(/Retournable jusqu&#x27;au \d{1,2} [a-zéû]+\.? \d{4}/);
    expect(html).not.toMatch(/>(Parts to return|Ask for a return|Part no longer needed)</);
    // The English page keeps the spec's words.
    const english = await arrive(`${US_HOST}/order/returns/new?${query}`);
    expect(english.html).toContain('Part no longer needed');
  });

  it("shows a return's page in French: status, reason, parts and history", async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const caller = { orderId: order.orderId, orderToken: order.orderToken };
    const ids = await uploadIds(caller, [fileOf('jpeg')]);
    const made = await askReturn(caller, {
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'Part no longer needed',
      uploadIds: ids,
    });
    const rma = made.body.data.rma;
    const query = new URLSearchParams({ orderToken: order.orderToken });
    const { status, html } = await arrive(`${CA_HOST}/fr/order/returns/${rma}?${query}`);
    expect(status).toBe(200);
    for (const text of [`Retour ${rma}`, 'Demandé', 'Pièce plus nécessaire', 'Pièces retournées', 'Historique'])
      expect(html, text).toContain(text);
    expect(html).not.toMatch(/>(Requested|Returned parts|History|Reason)</);
  });

  it('sends a French visitor without a link or a session to the French sign-in page', async () => {
    const response = await shop(`${CA_HOST}/fr/order/returns/new?orderId=CA-12345678`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location).toMatch(/^\/fr\/login\?/);
    // Back from signing in, the shopper lands on the French form they asked for.
    expect(new URL(location, CA_HOST).searchParams.get('callBackPath')).toBe('/order/returns/new');
  });

  it("answers the return API's problems in the page's language, the English ones unchanged", async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    const ask = (language: string) =>
      api(`${CA_HOST}/order/public/returns`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        body: JSON.stringify({
          orderId: order.orderId,
          orderToken: order.orderToken,
          idempotencyKey: `return-${crypto.randomUUID()}`,
          lines: [{ lineNo: 1, quantity: 1 }],
          reason: 'Part was damaged',
          uploadIds: [],
        }),
      });
    const french = await ask('fr-CA');
    expect(JSON.stringify(french.body)).toContain(
      "Veuillez ajouter au moins 3 photos : photos de la pièce, de l'emballage, de l'étiquette.",
    );
    const english = await ask('en-CA');
    expect(JSON.stringify(english.body)).toContain('Please add at least 3 photos: photos of part, package, label.');
  });
});
