import { api, type PaymentInstruction } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wellFormedPayloads } from '../../test/call-payloads';
import { testEngines } from '../../test/databases';
import { openAbuseShop, type Party } from '../../test/security-world';
import { formPost } from '../../test/shop-flows';
import type { TestShop } from '../../test/test-shop';
import { NOTIFY_PATH, RETURN_PATH } from '../modules/payments/payments.service';
import { SANDBOX_CARDS, SANDBOX_PATH } from '../modules/payments/sandbox-gateway';
import { timeLimit } from '../../test/time-limits';

const SECRET = 'payment-links-secret-of-at-least-32-characters';
/** What a payload could add to steer the payer elsewhere. */
const STEERING = { url: 'https://evil.example/pay', return_url: 'https://evil.example/', return_path: '//evil.example/', notify_path: 'https://evil.example/n', then: '//evil.example/', redirect: 'https://evil.example/' };

/**
 * Payment instructions and the payer's way back (issue 10, point 3): an instruction only ever
 * leads to the configured gateway (here the sandbox, a path of the shop's), whatever a payload
 * adds; the return from the gateway only ever leads to a page of this shop.
 */
describe.each(testEngines())('where payments lead, on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let owner: Party;
  beforeAll(async () => {
    ({ shop, base, owner } = await openAbuseShop(engine, SECRET));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const expectSandboxInstruction = (instruction: PaymentInstruction | null | undefined, context: string) => {
    expect(instruction?.action, context).toBe('submit');
    if (instruction?.action !== 'submit') return;
    expect(instruction.url, context).toBe(`${SANDBOX_PATH}/pay`);
    expect(instruction.params.return_path!.startsWith(RETURN_PATH('sandbox')), context).toBe(true);
    expect(instruction.params.notify_path, context).toBe(NOTIFY_PATH('sandbox'));
    expect(Object.values(instruction.params).join(' '), context).not.toContain('evil.example');
  };

  it('leads every payment instruction to the configured gateway, whatever the payload adds', async () => {
    const payloads = wellFormedPayloads(owner, owner.token);
    const payOrder = await shop.call('pay-order', { ...payloads['pay-order'], ...STEERING } as never);
    expect(payOrder.status, JSON.stringify(payOrder.body)).toBe(200);
    expectSandboxInstruction(api['pay-order'].answer.parse(payOrder.body).payment, 'pay-order');

    const instalment = await shop.call('pay-payment-plan-order-payment', { ...payloads['pay-payment-plan-order-payment'], ...STEERING } as never);
    expect(instalment.status, JSON.stringify(instalment.body)).toBe(200);
    const instruction = api['pay-payment-plan-order-payment'].answer.parse(instalment.body).data.payment;
    expectSandboxInstruction(instruction, 'pay-payment-plan-order-payment');
    // Paid from the instalment link, the payer comes back to that link's page of the shop.
    expect(instruction?.action === 'submit' && decodeURIComponent(instruction.params.return_path!)).toContain(`then=/payment-plan-payment/${owner.plan.code}/`);
  });

  it('sends the payer back from the gateway only to a page of this shop, whatever the return address says', async () => {
    const started = api['pay-payment-plan-order-payment'].answer.parse((await shop.call('pay-payment-plan-order-payment', wellFormedPayloads(owner, null)['pay-payment-plan-order-payment'] as never)).body).data.payment;
    if (started?.action !== 'submit') throw new Error('expected a form to post');
    const done = await fetch(`${base}/sandbox-gateway/pay/complete`, formPost({ ...started.params, action: 'pay', card: SANDBOX_CARDS.declined }));
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location')!, base);
    const landings: string[] = [];
    for (const then of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/accept-tcs/../../evil', '/accept-tcs/%2e%2e/%2e%2e/evil', `/payment-plan-payment/${owner.plan.code}/x/y%0d%0aLocation:%20https://evil.example`, '/portal']) {
      back.searchParams.set('then', then);
      const response = await fetch(back, { redirect: 'manual' });
      expect(response.status, then).toBe(303);
      const location = response.headers.get('location')!;
      landings.push(location);
      expect(new URL(location, base).origin, `${then} → ${location}`).toBe(base);
      expect(location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\'), `${then} → ${location}`).toBe(true);
    }
    // The page the payment was made from is honoured.
    back.searchParams.set('then', `/payment-plan-payment/${owner.plan.code}/${owner.plan.checksum}/${owner.plan.reference}`);
    const honoured = await fetch(back, { redirect: 'manual' });
    expect(honoured.headers.get('location')).toBe(`/payment-plan-payment/${owner.plan.code}/${owner.plan.checksum}/${owner.plan.reference}?payment=declined`);
    expect(landings.every((location) => !location.includes('evil'))).toBe(true);
  });
});
