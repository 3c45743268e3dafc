import { index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { exhibition } from '../exhibition/tables.ts';
import { hostInUser } from '../host/tables.ts';

/** The exhibitions a limited host user (`all_exhibitions` false) may reach. */
export const hostInUserExhibition = pgTable(
  'host_in_user_exhibition',
  {
    id: idColumn(),
    hostInUserId: uuid('host_in_user_id')
      .notNull()
      .references(() => hostInUser.id, { onDelete: 'cascade' }),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('host_in_user_exhibition_key').on(t.hostInUserId, t.exhibitionId), index('host_in_user_exhibition_exhibition_id_idx').on(t.exhibitionId)],
);
