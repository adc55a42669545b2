import { createHash } from 'node:crypto';
import { messages } from '@festival/contract';
import { AppError } from '../../http/app-error';
import type { Db } from '../../db/client';
import { findCustomerBySessionHash, type CustomerRow } from './session.queries';

/** Only a hash of a session token is stored: a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The customer of a token, or null for a visitor or a token that no longer works. */
export async function findSessionCustomer(db: Db, token: string | null | undefined, now = new Date()): Promise<CustomerRow | null> {
  if (!token) return null;
  return (await findCustomerBySessionHash(db, hashToken(token), now)) ?? null;
}

/** The customer of a token for a call that needs one: without a live session it answers 401. */
export async function requireSessionCustomer(db: Db, token: string | null | undefined): Promise<CustomerRow> {
  const customer = await findSessionCustomer(db, token);
  if (!customer) throw new AppError('UNAUTHENTICATED', messages.server.unauthenticated);
  return customer;
}
