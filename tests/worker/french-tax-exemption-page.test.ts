import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import * as m from '../../shared/i18n/generated/messages.js';
import { EXEMPTION_MSG } from '../../shared/tax-exemptions.ts';
import { bearer, freshIp } from './account-helpers.ts';
import { englishIn } from './english-words.ts';
import { CA_HOST, page, shop } from './helpers.ts';
import { approve, exemptMember, PAGE, sentCertificate } from './tax-exemption-helpers.ts';

/** A Canadian member's tax exemption page in French (issue 37): the page, their certificates and the form's answers. */

async function canadianMember() {
  const found = await exemptMember('fr-pst');
  await env.DB.prepare(`UPDATE account SET market = 'ca' WHERE id = ?`).bind(found.accountId).run();
  return found;
}

describe('the tax exemption page in French', () => {
  it('shows the page, an approved certificate and its province in French, with no English word', async () => {
    const { token, accountId } = await canadianMember();
    const sent = await sentCertificate(token, accountId, { kind: 'RESALE', regions: ['CA-BC'] }, CA_HOST);
    expect((await approve(sent.id, ['CA-BC'])).status).toBe(303);
    const { status, html } = await page(`${CA_HOST}/fr${PAGE}`, { headers: bearer(token) });
    expect(status).toBe(200);
    expect(html).toContain('<h1>Exemption de taxes</h1>');
    const invite = 'Vous achetez des pièces pour les revendre? ';
    expect(html).toContain(`${invite}Envoyez-nous votre certificat d&#x27;exemption`);
    expect(html).toContain(`Certificat de revente ${sent.number}`);
    expect(html).toContain('Couvre : Colombie-Britannique');
    expect(html).toContain('Approuvé');
    expect(html).toContain('S&#x27;applique aux commandes livrées à cet endroit jusqu&#x27;au');
    expect(html).toContain('Envoyer pour examen');
    // The certificate's number and file name are the member's own: the scan leaves them out.
    const own = html.replaceAll(sent.number, '').replaceAll('resale.pdf', '');
    expect(await englishIn(own)).toEqual([]);
  });

  it("says the form's answers in French: the thanks, and what to correct", async () => {
    const { token } = await canadianMember();
    const thanked = await page(`${CA_HOST}/fr${PAGE}?sent=1`, { headers: bearer(token) });
    expect(thanked.html).toContain('Merci. Nous avons reçu votre certificat');
    const body = new FormData();
    body.set('kind', 'RESALE');
    body.set('number', '');
    const refused = await shop(`${CA_HOST}/fr${PAGE}`, {
      method: 'POST',
      body,
      headers: { 'cf-connecting-ip': freshIp(), origin: CA_HOST, ...bearer(token) },
    });
    const html = await refused.text();
    expect(refused.status).toBe(400);
    expect(html).toContain('Le certificat n&#x27;a pas été envoyé.');
    expect(html).toContain('Entrez le numéro du certificat ou du permis tel qu&#x27;il y est imprimé');
    expect(html).toContain('Choisissez la province couverte par le certificat.');
    expect(html).toContain('Choisissez le fichier du certificat à téléverser.');
    expect(await englishIn(html)).toEqual([]);
  });

  it("keeps the English page's words, which the catalogue holds as the spec's messages", async () => {
    const { token } = await canadianMember();
    const { html } = await page(`${CA_HOST}${PAGE}?sent=1`, { headers: bearer(token) });
    expect(html).toContain('<h1>Tax exemption</h1>');
    expect(html).toContain(EXEMPTION_MSG.uploaded);
    expect(html).toContain('Buying parts for resale? Send us your PST exemption certificate.');
    const english = { locale: 'en' } as const;
    expect(m.exemption_msg_kind({}, english)).toBe(EXEMPTION_MSG.kind);
    expect(m.exemption_msg_number({}, english)).toBe(EXEMPTION_MSG.number);
    expect(m.exemption_msg_regions_ca({}, english)).toBe(EXEMPTION_MSG.regions('ca'));
    expect(m.exemption_msg_regions_us({}, english)).toBe(EXEMPTION_MSG.regions('us'));
    expect(m.exemption_msg_file_missing({}, english)).toBe(EXEMPTION_MSG.fileMissing);
    expect(m.exemption_msg_file_type({}, english)).toBe(EXEMPTION_MSG.fileType);
    expect(m.exemption_msg_file_too_large({}, english)).toBe(EXEMPTION_MSG.fileTooLarge);
    expect(m.exemption_msg_too_many_pending({}, english)).toBe(EXEMPTION_MSG.tooManyPending);
    expect(m.exemption_msg_uploaded({}, english)).toBe(EXEMPTION_MSG.uploaded);
  });
});
