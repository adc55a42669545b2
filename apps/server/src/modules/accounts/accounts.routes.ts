import type { FastifyInstance } from 'fastify';
import { registerApiRoute } from '../../http/api-route';
import { requestLocale } from '../../lib/language';
import type { AccountService } from './accounts.service';

/** The account calls of spec section 7, and logout (our own: it ends the session on the server). */
export function registerAccountRoutes(app: FastifyInstance, accounts: AccountService): void {
  registerApiRoute(app, 'register', (input, request) => accounts.register(input, request.ip, requestLocale(request)));
  registerApiRoute(app, 'login', (input, request) => accounts.login(input, request.ip));
  registerApiRoute(app, 'logout', (input) => accounts.logout(input.token));
  registerApiRoute(app, 'request-password-reset', (input, request) => accounts.requestPasswordReset(input, request.ip, requestLocale(request)));
  registerApiRoute(app, 'reset-password', (input, request) => accounts.resetPassword(input, request.ip, requestLocale(request)));
  registerApiRoute(app, 'email-tickets', (input, request) => accounts.emailTickets(input, request.ip, requestLocale(request)));
  registerApiRoute(app, 'get-user', (input) => accounts.getUser(input.token));
  registerApiRoute(app, 'update-settings', (input, request) => accounts.updateSettings(input, request.ip, requestLocale(request)));
  registerApiRoute(app, 'set-language', (input) => accounts.setLanguage(input));
}
