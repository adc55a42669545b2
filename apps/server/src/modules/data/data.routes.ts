import type { ShopConfigFile } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute } from '../../http/api-route';
import { getUserData } from './data.service';

export function registerDataRoutes(app: FastifyInstance, db: Db, config: ShopConfigFile): void {
  registerApiRoute(app, 'get-data', async (input) => ({ data: await getUserData(db, config, input.token) }));
}
