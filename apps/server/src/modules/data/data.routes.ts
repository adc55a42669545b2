import type { ShopConfigFile } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute, SerializedAnswer } from '../../http/api-route';
import { findSessionCustomer } from '../accounts/session.service';
import type { CatalogReader, CatalogSnapshot } from '../catalog/catalog-snapshot';
import { buildUserData } from './data.service';

export function registerDataRoutes(app: FastifyInstance, db: Db, config: ShopConfigFile, catalog: CatalogReader): void {
  // Every visitor without an account gets the same answer: serialise it once per snapshot.
  const visitorAnswers = new WeakMap<CatalogSnapshot, string>();
  const visitorAnswer = (snapshot: CatalogSnapshot) => {
    let json = visitorAnswers.get(snapshot);
    if (!json) {
      json = JSON.stringify({ data: buildUserData(snapshot, config, null) });
      visitorAnswers.set(snapshot, json);
    }
    return new SerializedAnswer(json);
  };

  registerApiRoute(app, 'get-data', async (input) => {
    const [customer, snapshot] = await Promise.all([findSessionCustomer(db, input.token), catalog.current()]);
    return customer ? { data: buildUserData(snapshot, config, customer) } : visitorAnswer(snapshot);
  });
}
