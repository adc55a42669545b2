import { english, messages, type ApiPath } from '@festival/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { executeRows } from '../../db/raw-rows';
import { customerNetworks, customers, emailOutbox, orders, shopItems, tickets } from '../../db/schema';
import { LIMITS as DEFAULT_LIMITS, type AccountLimitChanges } from './accounts.service';

/**
 * A stranger cannot lock a customer out (issue 18 point 3, decision 0025): guessing stays limited
 * per network address, per network and per account, but a stranger's attempts never use up what
 * the owner's own network is allowed, so the owner's right password still logs in and their own
 * reset and ticket e-mails still go out. Every test uses networks (IPv4 /24s) of its own.
 */

/** Small limits, reached in a few calls (the defaults are accounts.service's LIMITS). */
const LIMITS = {
  login: { perAccount: 12, perAccountNetwork: 5, perAddress: 10, perNetwork: 30 },
  reset: { perAccount: 4, perAccountNetwork: 2, perAddress: 8, perNetwork: 20 },
  tickets: { perAccount: 4, perAccountNetwork: 2, perAddress: 8, perNetwork: 20 },
  register: { perAddress: 1000, perNetwork: 1000 },
} satisfies AccountLimitChanges;
/** An hour (the limits hold over a sliding window: a sequence of attempts straddling an edge is judged as any other). */
const WINDOW_MS = 60 * 60_000;

describe('the account limits', () => {
  it.each(['login', 'reset', 'tickets'] as const)('let no single network use up what the networks an account never used share (%s)', (action) => {
    for (const limits of [DEFAULT_LIMITS[action], LIMITS[action]]) {
      expect(limits.perAccount).toBeGreaterThanOrEqual(2 * limits.perAccountNetwork);
    }
  });
});

describe.each(testEngines())('a stranger cannot lock a customer out, on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { accountAnswerFloorMs: 0, accountLimits: LIMITS, accountLimitWindowMs: WINDOW_MS } });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;

  let networks = 0;
  /** A network (an IPv4 /24) no other test uses: `at(host)` is one address in it. */
  const freshNetwork = () => {
    networks += 1;
    const prefix = `203.${Math.floor(networks / 250)}.${networks % 250}`;
    return { at: (host: number) => `${prefix}.${host}` };
  };

  async function callFrom(ip: string, path: ApiPath, payload: object) {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() };
  }
  const tooMany = { status: 429, body: { message: english(messages.accounts.tooManyAttempts) } };
  const mailsTo = async (email: string) => (await db().select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.toAddress, email)))[0]!.n;
  const lastMail = async (email: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.id)).limit(1))[0]!;

  /** Registers an account (from a network of its own) and answers its password. */
  async function owner(email: string): Promise<string> {
    const answer = await callFrom(freshNetwork().at(1), 'register', { full_name: 'Olga Owner', email });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return /password:\n\n(\S+)\n/.exec((await lastMail(email)).textBody)![1]!;
  }
  const login = (ip: string, email: string, password: string) => callFrom(ip, 'login', { email, password });

  /** A stranger's wrong passwords from one address until the account's limit refuses them; the answers. */
  async function guessUntilRefused(ips: string[], email: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let guess = 0; guess < 40; guess += 1) {
      const answer = await login(ips[guess % ips.length]!, email, `guess-${guess}`);
      statuses.push(answer.status);
      if (answer.status === 429) break;
    }
    return statuses;
  }

  describe('login', () => {
    it('lets the owner log in with the right password from their network, from another address of it, after a stranger’s wrong passwords from elsewhere', async () => {
      const email = 'locked.owner@example.org';
      const password = await owner(email);
      const home = freshNetwork();
      expect((await login(home.at(10), email, password)).status).toBe(200);

      // The stranger: wrong passwords from one address elsewhere, until refused.
      const stranger = freshNetwork().at(66);
      const guesses = await guessUntilRefused([stranger], email);
      expect(guesses.filter((status) => status === 401)).toHaveLength(LIMITS.login.perAccountNetwork);
      expect(guesses.at(-1)).toBe(429);
      // The right password from the stranger's network is refused too: a 429 tells nothing.
      expect(await login(stranger, email, password)).toEqual(tooMany);

      // The owner, from the address they used and from another one of the same network, gets in.
      expect((await login(home.at(10), email, password)).status).toBe(200);
      expect((await login(home.at(77), email, password)).status).toBe(200);
    });

    it('lets the owner log in with the right password from a network they never used, after a stranger’s wrong passwords from one network', async () => {
      const email = 'new-phone.owner@example.org';
      const password = await owner(email);
      // No login yet: the owner has no network of their own. A stranger guesses from one network,
      // over several of its addresses, until refused.
      const strangers = freshNetwork();
      const guesses = await guessUntilRefused([strangers.at(1), strangers.at(2), strangers.at(3)], email);
      expect(guesses.at(-1)).toBe(429);
      expect((await login(freshNetwork().at(1), email, password)).status).toBe(200);
    });

    it('gives a stranger with many addresses and networks no more guesses at an account than one (credential stuffing), and still lets the owner in', async () => {
      const email = 'stuffed.owner@example.org';
      const password = await owner(email);
      const home = freshNetwork();
      expect((await login(home.at(1), email, password)).status).toBe(200);

      const botnet = Array.from({ length: 12 }, () => freshNetwork().at(9));
      const guesses = await guessUntilRefused(botnet, email);
      expect(guesses.filter((status) => status === 401)).toHaveLength(LIMITS.login.perAccount);
      expect(guesses.at(-1)).toBe(429);
      // From every network the owner never used, the right password is refused like a wrong one.
      for (const ip of botnet.slice(0, 3)) expect(await login(ip, email, password)).toEqual(tooMany);
      expect(await login(freshNetwork().at(1), email, password)).toEqual(tooMany);
      // The owner's network is theirs.
      expect((await login(home.at(2), email, password)).status).toBe(200);
    });

    it('lets an owner kept out on a new network back in through their reset link, whose network is theirs from then on', async () => {
      const email = 'travelling.owner@example.org';
      const password = await owner(email);
      // A stranger with more networks than the shared allowance leaves room for.
      await guessUntilRefused([freshNetwork().at(5), freshNetwork().at(5), freshNetwork().at(5)], email);
      const hotel = freshNetwork();
      expect(await login(hotel.at(3), email, password)).toEqual(tooMany);
      const before = await mailsTo(email);
      expect((await callFrom(hotel.at(3), 'request-password-reset', { email })).status).toBe(200);
      expect(await mailsTo(email)).toBe(before + 1);
      const token = /\/reset-password\/[^/\s]+\/([A-Za-z0-9_-]+)/.exec((await lastMail(email)).textBody)![1]!;
      expect((await callFrom(hotel.at(3), 'reset-password', { email, token, password: 'a-new-password-1' })).status).toBe(200);
      expect((await login(hotel.at(4), email, 'a-new-password-1')).status).toBe(200);
    });

    it('counts only wrong passwords: the owner’s right ones never use up a limit of their address', async () => {
      const email = 'frequent.owner@example.org';
      const password = await owner(email);
      const ip = freshNetwork().at(1);
      for (let count = 0; count < LIMITS.login.perAddress + 2; count += 1) expect((await login(ip, email, password)).status).toBe(200);
    });

    it('limits attempts per network (an IPv4 /24) across its addresses, and not another network', async () => {
      const network = freshNetwork();
      const perAddress = LIMITS.login.perAddress;
      for (let attempt = 0; attempt < LIMITS.login.perNetwork; attempt += 1) {
        // Each address stays under its own limit; each account under its own.
        const answer = await login(network.at(1 + Math.floor(attempt / perAddress)), `network.${attempt}@example.org`, 'wrong-password');
        expect(answer.status).toBe(401);
      }
      expect(await login(network.at(200), 'network.over@example.org', 'wrong-password')).toEqual(tooMany);
      expect((await login(freshNetwork().at(200), 'network.over@example.org', 'wrong-password')).status).toBe(401);
    });

    it('limits attempts per IPv6 /48 across its /64s', async () => {
      networks += 1;
      const site = `2001:db8:${networks.toString(16)}`;
      const perAddress = LIMITS.login.perAddress;
      for (let attempt = 0; attempt < LIMITS.login.perNetwork; attempt += 1) {
        const answer = await login(`${site}:${(1 + Math.floor(attempt / perAddress)).toString(16)}::1`, `v6net.${attempt}@example.org`, 'wrong-password');
        expect(answer.status).toBe(401);
      }
      expect(await login(`${site}:ff::1`, 'v6net.over@example.org', 'wrong-password')).toEqual(tooMany);
      expect((await login(`2001:db8:${(networks + 1000).toString(16)}::1`, 'v6net.over@example.org', 'wrong-password')).status).toBe(401);
    });

    it('keeps only a keyed hash of the owner’s network, never the address', async () => {
      const email = 'hashed.owner@example.org';
      const password = await owner(email);
      const ip = freshNetwork().at(42);
      expect((await login(ip, email, password)).status).toBe(200);
      const [customer] = await db().select().from(customers).where(eq(customers.email, email));
      const known = await db().select().from(customerNetworks).where(eq(customerNetworks.customerId, customer!.id));
      expect(known).toHaveLength(1);
      expect(known[0]!.networkKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const prefix = ip.split('.').slice(0, 3).join('.');
      const [row] = await executeRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM rate_limit_hits WHERE strpos(key, ${prefix}) > 0`);
      expect(row!.n).toBe(0);
    });
  });

  describe.each([
    ['request-password-reset', LIMITS.reset],
    ['email-tickets', LIMITS.tickets],
  ] as const)('%s', (path, limit) => {
    /** An owner with an account and a ticket in their name, so both calls send them e-mail. */
    async function ownerWithTicket(email: string): Promise<{ password: string; home: ReturnType<typeof freshNetwork> }> {
      const password = await owner(email);
      const [customer] = await db().select().from(customers).where(eq(customers.email, email));
      const [item] = await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
      const code = `LOCK${customer!.id}`;
      const [order] = await db().insert(orders).values({ code, customerId: customer!.id, totalPrice: 100, paymentMethod: 'credit_card', paymentStatus: 'paid' }).returning();
      await db()
        .insert(tickets)
        .values({ code: `TCK-${code}`, orderId: order!.id, shopItemId: item!.id, productName: 'Weekend ticket', productType: 'ticket', fullName: 'Olga Owner', email, status: 'active', price: 100, fee: 0 });
      const home = freshNetwork();
      expect((await login(home.at(1), email, password)).status).toBe(200);
      return { password, home };
    }

    it(`sends the owner’s own e-mail from another network after a stranger used up their own network’s allowance`, async () => {
      const email = `flooded.${path}@example.org`;
      await ownerWithTicket(email);
      const stranger = freshNetwork().at(13);
      for (let request = 0; request < limit.perAccountNetwork; request += 1) expect((await callFrom(stranger, path, { email })).status).toBe(200);
      expect(await callFrom(stranger, path, { email })).toEqual(tooMany);

      // The owner on a network the account never used (a friend's, a phone's): their e-mail goes out.
      const before = await mailsTo(email);
      expect((await callFrom(freshNetwork().at(1), path, { email })).status).toBe(200);
      expect(await mailsTo(email)).toBe(before + 1);
    });

    it('sends the owner’s own e-mail from their network after a stranger on many networks used up what those share', async () => {
      const email = `botnet.${path}@example.org`;
      const { home } = await ownerWithTicket(email);
      for (let request = 0; request < limit.perAccount; request += 1) expect((await callFrom(freshNetwork().at(7), path, { email })).status).toBe(200);
      // The shared allowance bounds what a stranger can make one mailbox receive.
      expect(await callFrom(freshNetwork().at(7), path, { email })).toEqual(tooMany);
      const before = await mailsTo(email);
      expect((await callFrom(home.at(99), path, { email })).status).toBe(200);
      expect(await mailsTo(email)).toBe(before + 1);
    });

    it('answers an address without an account exactly as one with an account, limits included', async () => {
      const known = `limits.known.${path}@example.org`;
      await ownerWithTicket(known);
      for (const email of [known, `limits.unknown.${path}@example.org`]) {
        const stranger = freshNetwork().at(5);
        const answers = [];
        for (let request = 0; request <= limit.perAccountNetwork; request += 1) answers.push(await callFrom(stranger, path, { email }));
        expect(answers.slice(0, -1).map((answer) => answer.status)).toEqual(Array<number>(limit.perAccountNetwork).fill(200));
        expect(answers.at(-1), email).toEqual(tooMany);
        expect((await callFrom(freshNetwork().at(5), path, { email })).body, email).toEqual(answers[0]!.body);
      }
    });
  });

  it('remembers a network for a while only through a right password or a reset link, never through registration or a wrong password', async () => {
    const email = 'remembered.owner@example.org';
    await owner(email);
    await login(freshNetwork().at(1), email, 'wrong-password');
    const [customer] = await db().select().from(customers).where(eq(customers.email, email));
    expect(await db().select().from(customerNetworks).where(and(eq(customerNetworks.customerId, customer!.id)))).toEqual([]);
  });
});
