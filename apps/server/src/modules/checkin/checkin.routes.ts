import { UPLOAD_SCANS_BODY_LIMIT, scannerMessages } from '@festival/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { cookieValue } from '../../http/cookies';
import { requestLocale } from '../../lib/language';
import { registerGuardedStaffRoute, registerStaffRoute } from '../../http/api-route';
import type { CheckinService } from './checkin.service';
import { SCANNER_COOKIE, SCANNER_SESSION_MS, type Scanners } from './scanners';

/** The scanner session's token from the request's cookies. */
const sessionToken = (request: FastifyRequest) => cookieValue(request, SCANNER_COOKIE);

/**
 * A staff cookie (design.md): HttpOnly so no script reads it, Secure, SameSite=Strict so no other
 * site's page sends it, and sent only to the staff calls.
 */
function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.header('set-cookie', `${SCANNER_COOKIE}=${token}; Path=/api/staff; HttpOnly; Secure; SameSite=Strict; Max-Age=${maxAgeSeconds}`);
}

export function registerCheckinRoutes(app: FastifyInstance, deps: { scanners: Scanners; checkin: CheckinService }): void {
  const { scanners, checkin } = deps;

  /** The scanner calls' guard: a signed-in scanner, or 401 before the payload is read. */
  const signedInScanner = async (request: FastifyRequest) => {
    const token = sessionToken(request);
    const scanner = token ? await scanners.scannerOf(token) : null;
    if (!scanner) throw new AppError('UNAUTHENTICATED', scannerMessages.notSignedIn);
    return scanner;
  };

  registerStaffRoute(app, 'scanner-login', async (input, request, reply) => {
    const session = await scanners.signIn(input.code, request.ip);
    if (!session) throw new AppError('UNAUTHENTICATED', scannerMessages.badScannerCode, { code: [scannerMessages.badScannerCode] });
    setSessionCookie(reply, session.token, SCANNER_SESSION_MS / 1000);
    return { scanner: { name: session.name } };
  });

  registerStaffRoute(app, 'scanner-logout', async (_input, request, reply) => {
    const token = sessionToken(request);
    if (token) await scanners.signOut(token);
    setSessionCookie(reply, '', 0);
    return { message: scannerMessages.signedOut };
  });

  registerGuardedStaffRoute(app, 'checkin-lists', signedInScanner, async (_input, scanner) => ({ scanner: { name: scanner.name }, lists: await checkin.lists() }));
  registerGuardedStaffRoute(app, 'scan', signedInScanner, (input, scanner, request) => checkin.scan(scanner.id, input, requestLocale(request)));
  registerGuardedStaffRoute(app, 'sync', signedInScanner, async (input, scanner, request) => {
    // The back office's scanner list shows when each scanner last synced (decision 0063).
    await scanners.noteSync(scanner.id);
    return checkin.sync(input, requestLocale(request));
  });
  // A full batch of the longest scans the contract takes fits (the shop's 64 KiB held about 430 short ones): a full offline queue always goes up.
  registerGuardedStaffRoute(app, 'upload-scans', signedInScanner, (input, scanner) => checkin.upload(scanner.id, input), { bodyLimit: UPLOAD_SCANS_BODY_LIMIT });
}
