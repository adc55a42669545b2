import type { ShopConfigFile } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { NOT_ONE_MAILBOX } from '../../../test/hostile-input';
import { parseBoxOfficeLine, runOrdersCommand } from './orders-command';

/** The command's refusals, for input refused before any database work (none is given). */
async function refusals(argv: string[]): Promise<{ exit: number; errors: string[] }> {
  const errors: string[] = [];
  const exit = await runOrdersCommand(argv, {
    db: undefined as never,
    payments: undefined as never,
    config: {} as ShopConfigFile,
    appSecret: 'unused',
    print: () => undefined,
    printError: (line) => errors.push(line),
  });
  return { exit, errors };
}

describe('the box office takes one mailbox (issue 18, decision 0029)', () => {
  it('refuses a customer or holder address that is not one mailbox, before anything is made', async () => {
    for (const email of NOT_ONE_MAILBOX) {
      const customer = await refusals(['create', '--email', email, '--name', 'Jane Doe', '--item', 'NWF27-WEEKEND']);
      expect(customer.exit, JSON.stringify(email)).not.toBe(0);
      expect(customer.errors.join('\n'), JSON.stringify(email)).toMatch(/not one e-mail address|Usage/);
    }
    const holder = await refusals(['create', '--email', 'jane@example.org', '--name', 'Jane Doe', '--item', 'NWF27-WEEKEND=Eve <eve@example.org,victim@example.net>']);
    expect(holder.exit).not.toBe(0);
    expect(holder.errors.join('\n')).toMatch(/not one e-mail address/);
  });

  it('reads a holder line in linear time, whatever it holds', () => {
    expect(parseBoxOfficeLine('NWF27-WEEKEND=Jane  Doe <jane@example.org>')).toEqual({ code: 'NWF27-WEEKEND', holder: { fullName: 'Jane  Doe', email: 'jane@example.org' } });
    expect(parseBoxOfficeLine('NWF27-WEEKEND=<jane@example.org>')).toBeNull();
    for (const tail of [' '.repeat(100_000), `${' '.repeat(100_000)}x`, '<'.repeat(100_000), `a${' <'.repeat(50_000)}`]) {
      const started = performance.now();
      parseBoxOfficeLine(`CODE=${tail}`);
      // Linear reading takes a few milliseconds; a backtracking pattern would take seconds or more
      // on 100,000 characters. The bound leaves room for a busy machine (CI ran 72 ms once).
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });
});
