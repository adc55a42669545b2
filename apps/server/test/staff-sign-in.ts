import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { createStaffAccounts } from '../src/modules/staff/staff-accounts';
import { base32Decode, totpCode, totpStep } from '../src/modules/staff/totp';
import type { StaffRole } from '../src/db/schema';
import { staffCall } from './staff-call';

const COMMAND_LINE = { commandLine: true } as const;

/** The `name=value` part of a Set-Cookie header. */
export const cookieOf = (setCookie: unknown): string => String(setCookie).split(';')[0]!;

/**
 * A member of staff added from the command line and signed in over HTTP as the back office does
 * it: password, then (every role but gate) a TOTP code set up at this first sign-in, at `clock`'s
 * time. The session's cookie, ready for `staffCall`.
 */
export async function signedInStaff(app: FastifyInstance, db: Db, member: { email: string; role: StaffRole; name?: string }, clock: Date = new Date()): Promise<{ cookie: string; id: number; password: string }> {
  const added = await createStaffAccounts({ db }).add(COMMAND_LINE, { email: member.email, name: member.name ?? member.email.split('@')[0]!, role: member.role });
  if (!added) throw new Error(`${member.email} exists already`);
  const first = await staffCall(app, 'staff-sign-in', { email: member.email, password: added.password });
  if (first.status !== 200) throw new Error(`sign-in of ${member.email}: ${first.status} ${JSON.stringify(first.body)}`);
  let cookie = cookieOf(first.headers['set-cookie']);
  if (first.body.next === 'set-up') {
    const done = await staffCall(app, 'staff-second-factor', { code: totpCode(base32Decode(first.body.secret)!, totpStep(clock)) }, cookie);
    if (done.status !== 200) throw new Error(`second factor of ${member.email}: ${done.status} ${JSON.stringify(done.body)}`);
    cookie = cookieOf(done.headers['set-cookie']);
  }
  return { cookie, id: added.member.id, password: added.password };
}
