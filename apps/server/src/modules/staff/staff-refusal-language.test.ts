import { LOCALES, english, messages, scannerAdminMessages, scannerFieldMessages, staffAccountFieldMessages, staffAdminMessages } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScanners } from '../checkin/scanners';
import { testEngines } from '../../../test/databases';
import { cookieOf, signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { timeLimit } from '../../../test/time-limits';

/**
 * The back office's and the scanner's refusals come back in the request's language like the
 * customer's (issue 36, decision 0093): the staff schemas' field errors are the shop's messages,
 * and so are the staff page's and the scanners page's answers.
 */
describe.each(testEngines())('the staff side’s refusals in the request’s language on %s', (engine) => {
  let shop: TestShop;
  let scannerCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] } });
    const { code } = await createScanners({ db: shop.database.db }).add('Gate phone');
    scannerCookie = cookieOf((await call('scanner-login', { code })).headers['set-cookie']);
    adminCookie = (await signedInStaff(shop.app, shop.database.db, { email: 'lea.admin@example.org', role: 'admin' })).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  async function call(path: string, payload: unknown, language?: string, cookie?: string) {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/staff/${path}`,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(language ? { 'accept-language': language } : {}), ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() as { message: string; errors?: Record<string, string[]> }, language: response.headers['content-language'], headers: response.headers };
  }
  const refusal = ({ status, body, language }: Awaited<ReturnType<typeof call>>) => ({ status, body, language });

  it('refuses a staff sign-in without an e-mail address in French, and in English as before', async () => {
    expect(refusal(await call('staff-sign-in', { email: ' ', password: 'x' }, 'fr-FR,fr;q=0.9'))).toEqual({
      status: 422,
      language: 'fr',
      body: { message: 'Certaines des informations envoyées ne sont pas valides.', errors: { email: ['Saisissez votre adresse e-mail.'] } },
    });
    expect(refusal(await call('staff-sign-in', { email: ' ', password: 'x' }))).toEqual({
      status: 422,
      language: 'en',
      body: { message: english(messages.server.invalidInput), errors: { email: ['Enter your e-mail address.'] } },
    });
    expect(english(staffAccountFieldMessages.enterEmail)).toBe('Enter your e-mail address.');
  });

  it('refuses a scanner sign-in without a code and a scan without a ticket in French, and in English as before', async () => {
    expect(refusal(await call('scanner-login', { code: '' }, 'fr'))).toEqual({
      status: 422,
      language: 'fr',
      body: { message: 'Certaines des informations envoyées ne sont pas valides.', errors: { code: ['Saisissez le code scanner que l’organisateur vous a donné.'] } },
    });
    expect(refusal(await call('scanner-login', { code: '' }, 'en'))).toMatchObject({ status: 422, language: 'en', body: { errors: { code: ['Enter the scanner code the organiser gave you.'] } } });

    const scan = { list: 'FESTIVAL', gate: 'Main', text: '' };
    expect(refusal(await call('scan', scan, 'fr', scannerCookie))).toEqual({
      status: 422,
      language: 'fr',
      body: { message: 'Certaines des informations envoyées ne sont pas valides.', errors: { text: ['Scannez un billet ou saisissez son code.'] } },
    });
    expect(refusal(await call('scan', { ...scan, gate: 'g'.repeat(61) }, 'de', scannerCookie))).toMatchObject({
      status: 422,
      language: 'de',
      body: { errors: { gate: ['Ein Eingangsname hat höchstens 60 Zeichen.'], text: ['Scannen Sie ein Ticket oder geben Sie seinen Code ein.'] } },
    });
    expect(refusal(await call('scan', scan, undefined, scannerCookie))).toMatchObject({ status: 422, language: 'en', body: { errors: { text: [english(scannerFieldMessages.scanOrType)] } } });
    expect(english(scannerFieldMessages.scanOrType)).toBe('Scan a ticket or type its code.');
  });

  it('says the scanners page’s and the staff page’s answers in the request’s language', async () => {
    expect(refusal(await call('scanner-revoke', { id: 2_000_000 }, 'fr', adminCookie))).toEqual({ status: 404, language: 'fr', body: { message: 'Aucun scanner actif ne porte ce numéro.' } });
    const added = await call('scanner-add', { name: 'Bus phone' }, 'fr', adminCookie);
    const revoked = await call('scanner-revoke', { id: (added.body as unknown as { scanner: { id: number } }).scanner.id }, 'fr', adminCookie);
    expect(revoked.body.message).toBe('Le scanner «\u00a0Bus phone\u00a0» est révoqué\u00a0: ses appareils sont déconnectés.');
    expect(english(scannerAdminMessages.revoked({ name: 'Bus phone' }))).toBe('Scanner “Bus phone” is revoked: its devices are signed out.');

    const member = await signedInStaff(shop.app, shop.database.db, { email: 'eli.gate@example.org', role: 'gate', name: 'Eli' });
    const id = member.id;
    expect((await call('staff-change-member', { id, action: 'set-role', role: 'box_office' }, 'de', adminCookie)).body.message).toBe('Rolle von Eli: jetzt Kasse.');
    expect((await call('staff-change-member', { id, action: 'set-role', role: 'customer_service' }, 'en', adminCookie)).body.message).toBe('Eli is now customer service.');
    expect((await call('staff-change-member', { id, action: 'disable' }, 'nl', adminCookie)).body.message).toBe('Eli kan niet meer inloggen.');
    expect((await call('staff-change-member', { id, action: 'set-role', role: 'gate' }, 'fr', adminCookie)).body.message).toBe('Rôle de Eli\u00a0: désormais contrôle d’accès.');
    expect(refusal(await call('staff-change-member', { id, action: 'send-password-link' }, 'fr', adminCookie))).toEqual({
      status: 409,
      language: 'fr',
      body: { message: 'Ce membre de l’équipe est désactivé. Réactivez-le d’abord.' },
    });
    expect((await call('staff-change-member', { id, action: 'enable' }, 'en', adminCookie)).body.message).toBe(english(staffAdminMessages.enabled('Eli')));
  });
});
