import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../db/columns.ts';

export const storedFile = pgTable(
  'stored_file',
  {
    id: idColumn(),
    key: text('key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    ownerUserId: uuid('owner_user_id'),
    ...timestamps,
  },
  (t) => [index('stored_file_owner_idx').on(t.ownerUserId)],
);
