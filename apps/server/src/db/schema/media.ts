import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './catalog';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Catalogue images, stored by content hash in the database so every server instance can
 * serve them and their URLs can be cached for ever.
 */
export const media = pgTable('media', {
  hash: text('hash').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});
