import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute, SerializedAnswer } from '../../http/api-route';
import { requestLocale } from '../../lib/language';
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
  registerApiRoute(app, 'get-data', async (input, request) => {
    const [customer, own] = await Promise.all([findSessionCustomer(db, input.token), catalog.current()]);
    // In the request's language (decision 0094): the answers are made once per snapshot and language.
    const snapshot = own.in(requestLocale(request));
    if (!customer) return new SerializedAnswer(visitor.bytes(snapshot), (encoding) => visitor.compressed(snapshot, encoding));
    return visitor.customerAnswer(snapshot, await customerData(snapshot, customer, { versionIsCurrent: true }), '{"data":');
  });
}
