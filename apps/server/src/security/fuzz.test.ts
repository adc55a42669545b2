import { API_PATHS, api, type ApiPath } from '@festival/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClearRefusal } from '../../test/answer-checks';
import { wellFormedPayloads } from '../../test/call-payloads';
import { testEngines } from '../../test/databases';
import { changedTables } from '../../test/db-snapshot';
import { FUZZ_SCALE, FUZZ_SEED, hostilePayload } from '../../test/hostile-input';
import { openAbuseShop, type Party } from '../../test/security-world';
import type { TestShop } from '../../test/test-shop';
import { sessions } from '../db/schema';
import { hashToken } from '../modules/accounts/session.service';

const SECRET = 'fuzz-test-secret-of-at-least-32-characters';
const HOUR = 3_600_000;
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
  beforeAll(async () => {
    ({ shop, owner, snapshot } = await openAbuseShop(engine, SECRET));
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  const send = async (path: ApiPath, payload: unknown) => {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: JSON.stringify(payload),
    });
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    return { status: response.statusCode, body };
  };

  /** A call that logged the customer out or changed their password ended the session the fuzzing goes on with. */
  const keepSession = () =>
    shop.database.db
      .insert(sessions)
      .values({ customerId: owner.id, tokenHash: hashToken(owner.token), expiresAt: new Date(Date.now() + HOUR) })
      .onConflictDoNothing();

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
  }

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
    }, 600_000);
  }
});
