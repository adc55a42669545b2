import { english, api, messages, PASSWORD_MIN_LENGTH } from '@festival/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, emailOutbox, orders, passwordResets, sessions, shopItems, tickets } from '../../db/schema';
import { hashToken } from './session.service';
import { besideBlock, itBeside, itMeasuring, measuringBlock } from '../../../test/api-parts';

describe.runIf(besideBlock()).each(testEngines())('customer accounts on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { accountAnswerFloorMs: 0 } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  /** The newest message the outbox holds for an address. */
  const lastMail = async (to: string) => {
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1);
    return row;
  };
  const mailCount = async (to: string) => (await db().select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0]!.n;
  const passwordFrom = (text: string) => /password:\n\n(\S+)\n/.exec(text)?.[1];
  const passwordFromMail = async (email: string) => passwordFrom((await lastMail(email))!.textBody)!;
  const resetLinkFrom = (text: string) => /\/reset-password\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(text);

  async function registered(email: string, fullName = 'Jane Doe'): Promise<string> {
    const answer = await shop.call('register', { full_name: fullName, email });
    expect(answer).toEqual({ status: 200, body: { message: english(messages.accounts.registered) } });
    return passwordFrom((await lastMail(email))!.textBody)!;
  }
  async function loggedIn(email: string, password: string): Promise<string> {
    const answer = await shop.call('login', { email, password });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.remember_token as string;
  }

  itBeside('registers with a generated password sent by e-mail, which logs in', async () => {
    const password = await registered('jane@example.org');
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/);
    const mail = (await lastMail('jane@example.org'))!;
    expect(mail.subject).toBe(`Your account at ${shop.config.name}`);
    expect(mail.htmlBody).toContain(password);
    expect(mail.textBody).toContain(`${shop.config.publicBaseUrl}/login`);
    const [customer] = await db().select().from(customers).where(eq(customers.email, 'jane@example.org'));
    expect(customer!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const login = await shop.call('login', { email: ' JANE@example.org ', password });
    expect(login.status).toBe(200);
    const answer = api.login.answer.parse(login.body);
    expect(answer.data.customer).toMatchObject({ full_name: 'Jane Doe', email: 'jane@example.org' });
    // At least 128 bits of randomness, and only a hash is stored.
    expect(answer.remember_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [session] = await db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(answer.remember_token)));
    expect(session!.customerId).toBe(customer!.id);
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    const stored = await db().select({ hash: sessions.tokenHash }).from(sessions);
    expect(stored.some((row) => row.hash === answer.remember_token)).toBe(false);
  });

  itBeside('answers a second registration of an address the same way, and tells its owner instead', async () => {
    const password = await registered('owner@example.org', 'Owen Owner');
    const before = await mailCount('owner@example.org');
    const again = await shop.call('register', { full_name: 'Someone Else', email: 'OWNER@example.org' });
    expect(again).toEqual({ status: 200, body: { message: english(messages.accounts.registered) } });
    expect(await mailCount('owner@example.org')).toBe(before + 1);
    expect((await lastMail('owner@example.org'))!.textBody).toContain('already has an account');
    expect((await db().select().from(customers).where(sql`lower(${customers.email}) = 'owner@example.org'`)).map((row) => row.fullName)).toEqual(['Owen Owner']);
    expect((await shop.call('login', { email: 'owner@example.org', password })).status).toBe(200);
  });

  itBeside('refuses a wrong password and an unknown address with the same answer', async () => {
    await registered('wrong@example.org');
    const wrong = await shop.call('login', { email: 'wrong@example.org', password: 'not-the-password' });
    const unknown = await shop.call('login', { email: 'nobody@example.org', password: 'not-the-password' });
    expect(wrong).toEqual({ status: 401, body: { message: english(messages.accounts.loginIncorrect) } });
    expect(unknown).toEqual(wrong);
  });

  itBeside('ends a session at logout: the token no longer reaches the customer', async () => {
    const token = await loggedIn('logout@example.org', await registered('logout@example.org'));
    expect((await shop.call('get-user', { token })).body).toEqual({ user: { full_name: 'Jane Doe', email: 'logout@example.org' } });
    expect(await shop.call('logout', { token })).toEqual({ status: 200, body: { message: english(messages.accounts.loggedOut) } });
    expect((await shop.call('get-user', { token })).body).toEqual({ user: null });
    expect((await shop.call('get-data', { token })).body.data.customer).toBeNull();
  });

  itBeside('ends every session of a customer whose password is reset through a link that works once', async () => {
    const password = await registered('reset@example.org');
    const token = await loggedIn('reset@example.org', password);
    expect(await shop.call('request-password-reset', { email: 'reset@example.org' })).toEqual({ status: 200, body: { message: english(messages.accounts.resetRequested) } });
    const link = resetLinkFrom((await lastMail('reset@example.org'))!.textBody)!;
    expect(decodeURIComponent(link[1]!)).toBe('reset@example.org');

    const reset = await shop.call('reset-password', { email: 'reset@example.org', token: link[2]!, password: 'a-new-password' });
    expect(reset).toEqual({ status: 200, body: { message: english(messages.accounts.passwordReset) } });
    expect((await shop.call('get-user', { token })).body).toEqual({ user: null });
    expect((await shop.call('login', { email: 'reset@example.org', password })).status).toBe(401);
    expect((await shop.call('login', { email: 'reset@example.org', password: 'a-new-password' })).status).toBe(200);
    // Once only.
    const again = await shop.call('reset-password', { email: 'reset@example.org', token: link[2]!, password: 'another-password' });
    expect(again).toEqual({ status: 400, body: { message: 'Incorrect code' } });
  });

  itBeside('refuses a reset link after 15 minutes, for another address, or made up, all as "Incorrect code"', async () => {
    await registered('late@example.org');
    await registered('other@example.org');
    await shop.call('request-password-reset', { email: 'late@example.org' });
    const token = resetLinkFrom((await lastMail('late@example.org'))!.textBody)![2]!;
    const incorrect = { status: 400, body: { message: 'Incorrect code' } };
    expect(await shop.call('reset-password', { email: 'other@example.org', token, password: 'a-new-password' })).toEqual(incorrect);
    expect(await shop.call('reset-password', { email: 'late@example.org', token: 'made-up-token', password: 'a-new-password' })).toEqual(incorrect);
    const [row] = await db().select().from(passwordResets).where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    await db().update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.id, row!.id));
    expect(await shop.call('reset-password', { email: 'late@example.org', token, password: 'a-new-password' })).toEqual(incorrect);
  });

  itBeside('answers a reset request for an unknown address as for a known one, sending nothing', async () => {
    expect(await shop.call('request-password-reset', { email: 'ghost@example.org' })).toEqual({ status: 200, body: { message: english(messages.accounts.resetRequested) } });
    expect(await mailCount('ghost@example.org')).toBe(0);
  });

  itBeside(`refuses a new password shorter than ${PASSWORD_MIN_LENGTH} characters with a clear message`, async () => {
    const answer = await shop.call('reset-password', { email: 'late@example.org', token: 'x', password: 'short' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.password).toEqual([`Your new password must have at least ${PASSWORD_MIN_LENGTH} characters.`]);
  });

  itBeside('limits login attempts and reset requests per account, with a clear message, and leaves other accounts alone', async () => {
    const password = await registered('limited@example.org');
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await shop.call('login', { email: 'limited@example.org', password: 'wrong' })).status).toBe(401);
    const limited = await shop.call('login', { email: 'limited@example.org', password });
    expect(limited).toEqual({ status: 429, body: { message: english(messages.accounts.tooManyAttempts) } });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await shop.call('request-password-reset', { email: 'limited@example.org' })).status).toBe(200);
    expect(await shop.call('request-password-reset', { email: 'limited@example.org' })).toEqual({ status: 429, body: { message: english(messages.accounts.tooManyAttempts) } });
    // Other accounts are not affected.
    expect((await shop.call('login', { email: 'jane@example.org', password: await passwordFromMail('jane@example.org') })).status).toBe(200);
  });

  itBeside('changes settings with the current password: details, address, country and a new password that ends other sessions', async () => {
    const password = await registered('settings@example.org', 'Sam Settings');
    const token = await loggedIn('settings@example.org', password);
    const otherDevice = await loggedIn('settings@example.org', password);
    const address = Object.fromEntries(shop.config.addressLines.map((line, index) => [line.text, `Line ${index + 1}`]));
    const answer = await shop.call('update-settings', {
      token,
      old_password: password,
      new_password: 'my-own-password',
      full_name: 'Samantha Settings',
      email: 'samantha@example.org',
      country: 'NL',
      address,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(api['update-settings'].answer.parse(answer.body).data.customer).toEqual({ full_name: 'Samantha Settings', email: 'samantha@example.org', country: 'NL', address });
    expect(answer.body.data.country).toBe('NL');
    expect((await shop.call('get-user', { token })).body.user.email).toBe('samantha@example.org');
    expect((await shop.call('get-user', { token: otherDevice })).body).toEqual({ user: null });
    expect((await shop.call('login', { email: 'samantha@example.org', password: 'my-own-password' })).status).toBe(200);
    // The old address hears of the change.
    expect((await lastMail('settings@example.org'))!.textBody).toContain('samantha@example.org');
  });

  itBeside('refuses settings with a wrong current password, an address in use, or missing required address lines', async () => {
    const password = await registered('refuse@example.org', 'Rita Refuse');
    const token = await loggedIn('refuse@example.org', password);
    const base = { token, old_password: password, full_name: 'Rita Refuse', email: 'refuse@example.org' };
    const expectField = async (payload: object, field: string, message: string) => {
      const answer = await shop.call('update-settings', payload as never);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.errors[field]).toEqual([message]);
    };
    await expectField({ ...base, old_password: 'wrong-password' }, 'old_password', english(messages.accounts.currentPasswordIncorrect));
    await expectField({ ...base, email: 'JANE@example.org' }, 'email', english(messages.accounts.emailInUse));
    const required = shop.config.addressLines.filter((line) => line.required).map((line) => line.text);
    await expectField({ ...base, address: { [shop.config.addressLines[0]!.text]: 'Somewhere 1' } }, 'address', english(messages.checkout.fillOutFields(required.slice(1))));
    // Nothing changed.
    expect((await shop.call('get-user', { token })).body.user).toEqual({ full_name: 'Rita Refuse', email: 'refuse@example.org' });
    expect((await shop.call('update-settings', { ...base, token: null })).status).toBe(401);
  });

  itBeside("gives each form's validation message of spec section 5", async () => {
    const expectMessage = async (path: 'login' | 'register' | 'request-password-reset' | 'email-tickets' | 'reset-password' | 'update-settings', payload: object, field: string, message: string) => {
      const answer = await shop.call(path, payload as never);
      expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(422);
      expect(answer.body.errors[field], `${path} ${field}`).toContain(message);
    };
    await expectMessage('login', { email: '', password: 'x' }, 'email', english(messages.login.required));
    await expectMessage('login', { email: 'a@b.c' }, 'password', english(messages.login.required));
    await expectMessage('register', { email: 'a@b.c' }, 'full_name', english(messages.register.required));
    for (const path of ['register', 'request-password-reset', 'email-tickets'] as const) {
      await expectMessage(path, { full_name: 'A', email: '' }, 'email', english(messages.email.required));
      await expectMessage(path, { full_name: 'A', email: 'mailto:a@b.c' }, 'email', english(messages.email.invalid));
    }
    await expectMessage('reset-password', { token: 't', email: 'a@b.c', password: '' }, 'password', english(messages.resetPassword.passwordRequired));
    const settings = { token: 't', old_password: 'x', full_name: 'A', email: 'a@b.c' };
    await expectMessage('update-settings', { ...settings, old_password: '' }, 'old_password', english(messages.accountSettings.currentPasswordRequired));
    await expectMessage('update-settings', { ...settings, full_name: ' ' }, 'full_name', english(messages.accountSettings.fullNameRequired));
    await expectMessage('update-settings', { ...settings, email: '' }, 'email', english(messages.accountSettings.emailRequired));
    await expectMessage('update-settings', { ...settings, email: 'not-an-address' }, 'email', english(messages.accountSettings.emailInvalid));
  });

  itBeside("e-mails a holder's tickets with download links, and answers the same when there are none", async () => {
    const [customer] = await db().select().from(customers).where(eq(customers.email, 'jane@example.org'));
    const [item] = await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    const [order] = await db().insert(orders).values({ code: 'ORD-TEST-1', customerId: customer!.id, totalPrice: 100, paymentMethod: 'credit_card', paymentStatus: 'paid' }).returning();
    await db().insert(tickets).values({ code: 'TCK-TEST-1', orderId: order!.id, shopItemId: item!.id, productName: 'Weekend ticket', productType: 'ticket', fullName: 'Harry Holder', email: 'holder@example.org', status: 'active', price: 100, fee: 0 });
    expect(await shop.call('email-tickets', { email: 'Holder@example.org' })).toEqual({ status: 200, body: { message: english(messages.accounts.ticketsSent) } });
    const mail = (await lastMail('Holder@example.org'))!;
    expect(mail.textBody).toContain(`${shop.config.publicBaseUrl}/download-ticket/Holder%40example.org/TCK-TEST-1`);
    expect(mail.textBody).toContain('Weekend ticket for Harry Holder');
    expect(await shop.call('email-tickets', { email: 'no-tickets@example.org' })).toEqual({ status: 200, body: { message: english(messages.accounts.ticketsSent) } });
    expect(await mailCount('no-tickets@example.org')).toBe(0);
    // The buyer's get-data lists the ticket among their existing tickets.
    const token = await loggedIn('jane@example.org', await passwordFromMail('jane@example.org'));
    expect((await shop.call('get-data', { token })).body.data.existing_tickets).toEqual([{ full_name: 'Harry Holder', email: 'holder@example.org', age: null, event_id: item!.eventId }]);
  });
});

describe.runIf(measuringBlock()).each(testEngines())('account answer times on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { accountAnswerFloorMs: 300 } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  itMeasuring('takes as long for an unknown address as for a known one', async () => {
    await shop.call('register', { full_name: 'Tim Timing', email: 'timing@example.org' });
    const timed = async (payload: object, path: 'login' | 'request-password-reset' = 'login') => {
      const started = performance.now();
      await shop.call(path, payload as never);
      return performance.now() - started;
    };
    const known = await timed({ email: 'timing@example.org', password: 'wrong-password' });
    const unknown = await timed({ email: 'nobody@example.org', password: 'wrong-password' });
    const knownReset = await timed({ email: 'timing@example.org' }, 'request-password-reset');
    const unknownReset = await timed({ email: 'nobody@example.org' }, 'request-password-reset');
    for (const duration of [known, unknown, knownReset, unknownReset]) expect(duration).toBeGreaterThanOrEqual(295);
    expect(Math.abs(known - unknown)).toBeLessThan(150);
    expect(Math.abs(knownReset - unknownReset)).toBeLessThan(150);
  });
});
