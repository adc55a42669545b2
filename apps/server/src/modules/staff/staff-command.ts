import type { Db } from '../../db/client';
import { STAFF_ROLES } from '../../db/schema';
import { printError as printErrorLine, printLine, shown, tsvRow } from '../../lib/terminal-output';
import { createStaffAccounts, isStaffRole, staffEmail, type Actor } from './staff-accounts';
import type { StaffMailConfig } from './staff.mail';

export const STAFF_USAGE = `Usage:
  npm run staff -- add EMAIL --role ROLE [--name NAME]
                                        a member of staff; their password is shown once. Roles:
                                        admin (everything), box_office (sell and look up orders),
                                        customer_service (orders, tickets, refunds; no settings),
                                        gate (scanner only). Every role but gate sets up a second
                                        factor (an authenticator app) at the first sign-in.
  npm run staff -- list                 the members: id, e-mail, name, role, second factor, disabled
  npm run staff -- disable EMAIL        the member can no longer sign in
  npm run staff -- enable EMAIL         a disabled member can sign in again
  npm run staff -- reset-password EMAIL
                                        e-mails the member a one-time link to choose a new password
                                        (their current one works until they use it)
  npm run staff -- reset-second-factor EMAIL
                                        a lost phone: e-mails the member a one-time link with which,
                                        and their password, they set up a new second factor
  npm run staff -- audit [--limit N]    the audit log, newest first (N entries, 50 unless given)

Members invited in the back office (Staff page) choose their own password with an e-mailed link.
Links wait in the shop's mail outbox; the running shop sends them. Every change is written to
the audit log, which nothing edits. Run this with the shop's
DATABASE_URL or DATA_DIR, as the server has them. The embedded database allows one process at a
time: stop the shop first.`;

type Deps = { db: Db; print?: (line: string) => void; printError?: (line: string) => void; /** The shop the links' mails are from (cli/staff.ts loads it). */ mailConfig?: StaffMailConfig };

const COMMAND_LINE: Actor = { commandLine: true };

/** The value after a flag (`--role admin`), and the arguments without the flags. */
function flags(argv: string[], known: readonly string[]): { values: Map<string, string>; rest: string[] } | null {
  const values = new Map<string, string>();
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (!arg.startsWith('--')) {
      rest.push(arg);
      continue;
    }
    const value = argv[index + 1];
    if (!known.includes(arg) || value === undefined || values.has(arg)) return null;
    values.set(arg, value);
    index += 1;
  }
  return { values, rest };
}

/** The organiser's staff command (issue 22) until, and beside, the back office's own pages. */
export async function runStaffCommand(argv: string[], deps: Deps): Promise<number> {
  const print = deps.print ?? printLine;
  const printError = deps.printError ?? printErrorLine;
  const accounts = createStaffAccounts({ db: deps.db, ...(deps.mailConfig ? { mail: { config: deps.mailConfig } } : {}) });
  const [action, ...args] = argv;
  const usage = () => {
    printError(STAFF_USAGE);
    return 2;
  };

  if (action === 'add') {
    const parsed = flags(args, ['--role', '--name']);
    if (!parsed || parsed.rest.length !== 1) return usage();
    const email = staffEmail(parsed.rest[0]!);
    const role = parsed.values.get('--role');
    if (!email) {
      printError(shown`Not an e-mail address: ${parsed.rest[0]}`);
      return 1;
    }
    if (!role || !isStaffRole(role)) {
      printError(`Give the member a role: --role ${STAFF_ROLES.join(', --role ')}.`);
      return 1;
    }
    const name = (parsed.values.get('--name') ?? email.split('@')[0]!).trim();
    if (!name || name.length > 100) {
      printError('A name is 1 to 100 characters.');
      return 1;
    }
    const added = await accounts.add(COMMAND_LINE, { email, name, role });
    if (!added) {
      printError(shown`There is already a member with the address ${email}.`);
      return 1;
    }
    print(shown`Added ${added.member.email} (${added.member.name}) as ${added.member.role}, member ${added.member.id}.`);
    print(`Password (shown once; give it to them in person or by another channel than e-mail): ${added.password}`);
    if (added.member.secondFactor === 'not set up') print('At the first sign-in they set up a second factor with an authenticator app.');
    return 0;
  }

  if (action === 'list' && args.length === 0) {
    const members = await accounts.list();
    if (!members.length) print('No staff yet: npm run staff -- add EMAIL --role admin');
    for (const member of members) print(tsvRow([member.id, member.email, member.name, member.role, `second factor ${member.secondFactor}`, member.disabledAt ? `disabled ${member.disabledAt.toISOString()}` : 'active']));
    return 0;
  }

  if ((action === 'disable' || action === 'enable' || action === 'reset-password' || action === 'reset-second-factor') && args.length === 1) {
    const email = staffEmail(args[0]!);
    const who = email ? { email } : null;
    const member = who
      ? await (action === 'disable'
          ? accounts.disable(COMMAND_LINE, who)
          : action === 'enable'
            ? accounts.enable(COMMAND_LINE, who)
            : action === 'reset-password'
              ? accounts.sendPasswordLink(COMMAND_LINE, who)
              : accounts.resetSecondFactor(COMMAND_LINE, who))
      : null;
    if (!member) {
      printError(shown`No member has the address ${args[0]}.`);
      return 1;
    }
    // The command line is never refused the last admin (decision 0041); a disabled member is enabled first.
    if ('refused' in member) {
      printError(shown`${email} is disabled: npm run staff -- enable ${email}`);
      return 1;
    }
    print(
      action === 'disable'
        ? shown`${member.email} can no longer sign in.`
        : action === 'enable'
          ? shown`${member.email} can sign in again.`
          : action === 'reset-password'
            ? shown`${member.email} is sent a one-time link to choose a new password.`
            : member.secondFactorByLink
              ? shown`${member.email} is sent a one-time link to set up a new second factor with their password.`
              : shown`${member.email} sets up a second factor at the next sign-in.`,
    );
    return 0;
  }

  if (action === 'audit') {
    const parsed = flags(args, ['--limit']);
    const limitText = parsed?.values.get('--limit') ?? '50';
    if (!parsed || parsed.rest.length || !/^\d{1,5}$/.test(limitText) || Number(limitText) < 1) return usage();
    for (const entry of await accounts.audit({ limit: Number(limitText) })) {
      print(tsvRow([entry.at.toISOString(), entry.actor, entry.action, entry.target ?? '-', JSON.stringify(entry.before), JSON.stringify(entry.after)]));
    }
    return 0;
  }

  return usage();
}
