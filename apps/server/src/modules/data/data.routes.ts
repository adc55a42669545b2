import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute, SerializedAnswer } from '../../http/api-route';
import { findSessionCustomer } from '../accounts/session.service';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import type { CustomerData, VisitorAnswers } from './data.service';

export function registerDataRoutes(
  app: FastifyInstance,
  db: Db,
  catalog: CatalogReader,
  visitor: VisitorAnswers,
  customerData: CustomerData,
): void {
  registerApiRoute(app, 'get-data', async (input) => {
    const [customer, snapshot] = await Promise.all([findSessionCustomer(db, input.token), catalog.current()]);
    if (!customer) return new SerializedAnswer(visitor.bytes(snapshot), (encoding) => visitor.compressed(snapshot, encoding));
    return visitor.customerAnswer(snapshot, await customerData(snapshot, customer, { versionIsCurrent: true }), '{"data":');
  });
}
