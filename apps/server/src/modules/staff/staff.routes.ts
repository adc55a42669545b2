import { staffAdminMessages, staffLinkMessages, staffMessages, type StaffApiAnswer } from '@festival/contract';
import QRCode from 'qrcode';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { requestLocale } from '../../lib/language';
import { cookieValue } from '../../http/cookies';
import { registerGuardedStaffRoute, registerStaffRoute, type StaffGuard } from '../../http/api-route';
import type { StaffMemberView } from './staff-accounts';
import type { SignInStep, StaffSessions } from './staff-sessions';

export const STAFF_COOKIE = 'staff_session';

/** The staff session's token from the request's cookies. */
export const staffToken = (request: FastifyRequest) => cookieValue(request, STAFF_COOKIE);

/** HttpOnly (no script reads it), Secure, SameSite=Strict (no other site's page sends it), for the staff calls only; ended by the server, not by a date. */
function setStaffCookie(reply: FastifyReply, token: string | null) {
  reply.header('set-cookie', `${STAFF_COOKIE}=${token ?? ''}; Path=/api/staff; HttpOnly; Secure; SameSite=Strict${token ? '' : '; Max-Age=0'}`);
}

const memberAnswer = (member: StaffMemberView) => ({ email: member.email, name: member.name, role: member.role });

/**
 * The back office's guard (decision 0042): the signed-in member of a request, refused with 401
 * when there is none (no cookie, a half-done sign-in, an ended session, a customer's token) and
 * with 403 when their role may not make the call.
 */
export function createStaffGuard(sessions: StaffSessions): StaffGuard<StaffMemberView> {
  return async (request, roles) => {
    const token = staffToken(request);
    const member = token ? await sessions.memberOf(token) : null;
    if (!member) throw new AppError('UNAUTHENTICATED', staffMessages.notSignedIn);
    if (!roles.includes(member.role)) throw new AppError('FORBIDDEN', staffAdminMessages.notAllowed);
    return member;
  };
}

/** A sign-in's next step as answered: the set-up's link as a QR code drawn here, so the back office loads no QR library. */
async function stepAnswer(step: SignInStep): Promise<StaffApiAnswer<'staff-sign-in'>> {
  if (step.next === 'signed-in') return { next: 'signed-in', member: memberAnswer(step.member) };
  if (step.next === 'set-up') return { ...step, qr: `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(step.uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })).toString('base64')}` };
  return step;
}

/** The staff's sign-in calls (decision 0041), the one-time links and a member's own password (decision 0062). */
export function registerStaffRoutes(app: FastifyInstance, deps: { sessions: StaffSessions; guard: StaffGuard<StaffMemberView>; timezone: string; currency: string }): void {
  const { sessions } = deps;

  registerStaffRoute(app, 'staff-sign-in', async (input, request, reply) => {
    const signedIn = await sessions.signIn(input.email, input.password, request.ip);
    if (!signedIn) throw new AppError('UNAUTHENTICATED', staffMessages.wrongSignIn, { password: [staffMessages.wrongSignIn] });
    setStaffCookie(reply, signedIn.token);
    return stepAnswer(signedIn.step);
  });

  registerStaffRoute(app, 'staff-link', async (input, request) => {
    const link = await sessions.peekLink(input.token, request.ip);
    return { purpose: link.purpose, email: link.email, name: link.name, expires_at: link.expiresAt.toISOString() };
  });

  registerStaffRoute(app, 'staff-use-link', async (input, request, reply) => {
    // The mail that the password changed is in the language of the member's own page.
    const used = await sessions.useLink(input.token, input.password, request.ip, requestLocale(request));
    setStaffCookie(reply, used.token);
    return stepAnswer(used.step);
  });

  registerGuardedStaffRoute(app, 'staff-change-password', deps.guard, async (input, member, request) => {
    await sessions.changePassword(member.id, staffToken(request)!, input.current_password, input.new_password, requestLocale(request));
    return { message: staffLinkMessages.passwordChanged };
  });

  registerStaffRoute(app, 'staff-second-factor', async (input, request, reply) => {
    const token = staffToken(request);
    const done = token ? await sessions.secondFactor(token, input.code, request.ip) : null;
    if (done === 'wrong') throw new AppError('INVALID_INPUT', staffMessages.wrongCode, { code: [staffMessages.wrongCode] });
    if (!done) {
      setStaffCookie(reply, null);
      throw new AppError('UNAUTHENTICATED', staffMessages.signInAgain);
    }
    setStaffCookie(reply, done.token);
    return { member: memberAnswer(done.member), recovery_codes: done.recoveryCodes };
  });

  registerStaffRoute(app, 'staff-sign-out', async (_input, request, reply) => {
    const token = staffToken(request);
    if (token) await sessions.signOut(token);
    setStaffCookie(reply, null);
    return { message: staffMessages.signedOut };
  });

  registerGuardedStaffRoute(app, 'staff-me', deps.guard, async (_input, member) => ({ member: memberAnswer(member), timezone: deps.timezone, currency: deps.currency }));
}
