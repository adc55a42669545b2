import { API_PATHS, INTEGER_COLUMN_MAX, api, isValidEmail, type ApiPath } from '@festival/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClearRefusal } from '../../test/answer-checks';
import { wellFormedPayloads } from '../../test/call-payloads';
import { testEngines } from '../../test/databases';
import { changedTables } from '../../test/db-snapshot';
import { CONTROL_TEXTS, FUZZ_SCALE, FUZZ_SEED, ODD_IDS, hostileAddress, hostilePayload, longTexts } from '../../test/hostile-input';
import { openAbuseShop, type AbuseShop, type Party } from '../../test/security-world';
import type { TestShop } from '../../test/test-shop';
import { emailOutbox } from '../db/schema';
import { timeLimit } from '../../test/time-limits';

const SECRET = 'fuzz-test-secret-of-at-least-32-characters';
/** Runs of each call per role; each run sends a sequence of up to BATCH payloads. */
const RUNS = Math.max(1, Math.round(10 * FUZZ_SCALE));
const BATCH = 20;

/**
 * Spec section 7 under attack (issue 10, point 1): every call gets thousands of generated
 * payloads, as a visitor and as a logged-in customer. Never a 5xx; every refusal is a 4xx with a
 * message of the contract's catalogue; and a refused call changes no row of any table (the
 * attempt counters of the rate limits excepted, which count exactly such calls).
 */
describe.each(testEngines())('hostile payloads on %s', (engine) => {
  let shop: TestShop;
  let owner: Party;
  let snapshot: () => Promise<Record<string, string>>;
  let send: AbuseShop['send'];
  let keepSession: AbuseShop['keepSession'];
  beforeAll(async () => {
    ({ shop, owner, snapshot, send, keepSession } = await openAbuseShop(engine, SECRET));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });



  /** Sends the payloads in turn and checks each answer; refused ones must leave every table as it was. */
  async function attack(path: ApiPath, role: string, payloads: unknown[]): Promise<void> {
    let before = await snapshot();
    let refusedSince: unknown[] = [];
    const verifyRefused = async () => {
      const now = await snapshot();
      expect(changedTables(before, now), `${role} ${path}: refused calls changed rows: ${JSON.stringify(refusedSince).slice(0, 2000)}`).toEqual([]);
      before = now;
      refusedSince = [];
    };
    for (const generated of payloads) {
      // What goes over the wire: JSON has no Infinity or -0, and drops undefined.
      const payload: unknown = JSON.parse(JSON.stringify(generated) ?? 'null');
      const wellFormed = api[path].payload.safeParse(payload).success;
      // A payload the contract accepts may be carried out; what the refused ones before it did is checked first.
      if (wellFormed && refusedSince.length) await verifyRefused();
      const answer = await send(path, payload);
      const context = `${role} ${path} ${JSON.stringify(payload).slice(0, 500)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
      expect(answer.status, context).toBeLessThan(500);
      if (answer.status < 400) {
        expect(wellFormed, `${context}: answered a payload the contract refuses`).toBe(true);
        const parsed = api[path].answer.safeParse(answer.body);
        expect(parsed.success, `${context}: the answer does not match the contract`).toBe(true);
        await keepSession();
        before = await snapshot();
      } else {
        expectClearRefusal(answer.status, answer.body, context);
        refusedSince.push(payload);
      }
    }
    if (refusedSince.length) await verifyRefused();
    await verifyOutbox(`${role} ${path}`);
  }

  /**
   * What any accepted call queued is addressed to one mailbox and has a subject of plain text
   * (issue 18): the invariants that an address list or a name with control characters slipping
   * through would break, whichever field or call it came in by.
   */
  async function verifyOutbox(context: string): Promise<void> {
    const mails = await shop.database.db.select({ to: emailOutbox.toAddress, subject: emailOutbox.subject }).from(emailOutbox);
    for (const mail of mails) {
      expect(isValidEmail(mail.to), `${context}: mail queued to ${JSON.stringify(mail.to)}`).toBe(true);
      expect(mail.subject, `${context}: subject ${JSON.stringify(mail.subject)}`).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u);
    }
  }

  /** Sends one payload; a refusal must be clear, and anything accepted must be what the contract accepts. */
  async function expectRefused(path: ApiPath, payload: unknown, context: string): Promise<void> {
    const answer = await send(path, payload);
    expectClearRefusal(answer.status, answer.body, `${context} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }

  const callsWith = (accepts: (field: z.ZodType, name: string) => boolean) =>
    API_PATHS.flatMap((path) =>
      Object.entries((api[path].payload as unknown as z.ZodObject).shape as Record<string, z.ZodType>)
        .filter(([name, field]) => accepts(field, name))
        .map(([field]) => ({ path, field })),
    );
  // Holder addresses are plain texts in the schema (the holder rules check them), so by name.
  const emailFields = callsWith((_field, name) => name === 'email');
  const integerFields = callsWith((field) => field.safeParse(1).success && !field.safeParse(1.5).success);
  const fieldArbitrary = (fields: { path: ApiPath; field: string }[]) => fc.constantFrom(...fields);

  /**
   * The kinds of input that found issue 18's problems, aimed at every field they belong in: address
   * lists and named addresses in every e-mail field, ids no 32-bit column holds (64-bit, huge,
   * fractional, negative, as text) in every integer field, very long runs and control characters
   * in every field. Each is refused with a clear 4xx and changes nothing; never a 5xx.
   */
  it("refuses address lists, huge ids, very long texts and control characters aimed at every field they belong in", async () => {
    const runs = Math.max(5, RUNS * 3);
    const options = { numRuns: runs, ...(FUZZ_SEED !== undefined ? { seed: FUZZ_SEED } : {}) };
    const base = () => wellFormedPayloads(owner, owner.token);
    const textFields = API_PATHS.flatMap((path) => Object.keys(base()[path]).map((field) => ({ path, field })));
    const before = await snapshot();
    expect(emailFields.length).toBeGreaterThanOrEqual(9);
    expect(integerFields.length).toBeGreaterThanOrEqual(10);
    await fc.assert(
      fc.asyncProperty(fieldArbitrary(emailFields), hostileAddress, async ({ path, field }, address) => {
        await expectRefused(path, { ...base()[path], [field]: address }, `${path} ${field} ${JSON.stringify(address)}`);
      }),
      options,
    );
    const outsideColumns = fc.oneof(
      fc.constantFrom(...ODD_IDS.filter((value) => !(Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= INTEGER_COLUMN_MAX))),
      fc.integer({ min: INTEGER_COLUMN_MAX + 1, max: Number.MAX_SAFE_INTEGER }),
      fc.bigInt({ min: 2n ** 31n, max: 2n ** 63n }).map((value) => value.toString()),
      fc.double({ min: 1.000001, max: 1e308, noNaN: true }).filter((value) => !Number.isInteger(value)),
      fc.integer({ min: -(2 ** 40), max: 0 }),
    );
    await fc.assert(
      fc.asyncProperty(fieldArbitrary(integerFields), outsideColumns, async ({ path, field }, value) => {
        await expectRefused(path, { ...base()[path], [field]: value }, `${path} ${field} ${JSON.stringify(value)}`);
      }),
      options,
    );
    await keepSession();
    expect(changedTables(before, await snapshot()), 'refused calls changed rows').toEqual([]);
    const texts = [...Object.values(longTexts(60_000)), ...Object.values(longTexts(4_001))];
    await fc.assert(
      fc.asyncProperty(fieldArbitrary(textFields), fc.oneof(fc.constantFrom(...texts), fc.constantFrom(...CONTROL_TEXTS)), async ({ path, field }, text) => {
        const answer = await send(path, { ...base()[path], [field]: text });
        const context = `${path} ${field} ${JSON.stringify(text.slice(0, 40))}… → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        expect(answer.status, context).toBeLessThan(500);
        if (text.length > 4_000) expectClearRefusal(answer.status, answer.body, context);
        await keepSession();
      }),
      options,
    );
    await verifyOutbox('aimed inputs');
  }, timeLimit(600_000));

  for (const role of ['a visitor', 'a logged-in customer'] as const) {
    it(`answers ${role}'s hostile payloads of every call with a clear 4xx, never a 5xx, and changes nothing when it refuses`, async () => {
      let sent = 0;
      for (const path of API_PATHS) {
        const wellFormed = wellFormedPayloads(owner, role === 'a visitor' ? null : owner.token)[path];
        await fc.assert(
          fc.asyncProperty(fc.array(hostilePayload(wellFormed), { minLength: 1, maxLength: BATCH }), async (payloads) => {
            sent += payloads.length;
            await attack(path, role, payloads);
          }),
          { numRuns: RUNS, ...(FUZZ_SEED !== undefined ? { seed: FUZZ_SEED } : {}) },
        );
      }
      // Roughly RUNS × BATCH / 2 payloads per call: thousands in all.
      expect(sent).toBeGreaterThan(API_PATHS.length * RUNS * 2);
    }, timeLimit(600_000));
  }
});
