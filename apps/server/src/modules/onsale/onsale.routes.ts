import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute } from '../../http/api-route';
import { findSessionCustomer } from '../accounts/session.service';
import type { WaitingRoom } from './waiting-room';

/** The waiting room's calls (issue 23, decision 0048): queue-info, queue-join, queue-status, queue-admit. */
export function registerWaitingRoomRoutes(app: FastifyInstance, deps: { db: Db; room: WaitingRoom }): void {
  const { db, room } = deps;
  registerApiRoute(app, 'queue-info', async (input) => room.info(input));
  registerApiRoute(app, 'queue-join', async (input, request) => room.join(input, request.ip));
  registerApiRoute(app, 'queue-status', async (input) => room.status(input));
  registerApiRoute(app, 'queue-admit', async (input) => room.admit(input, await findSessionCustomer(db, input.token)));
  registerApiRoute(app, 'queue-preview', async (input) => room.preview(input, await findSessionCustomer(db, input.token)));
}
