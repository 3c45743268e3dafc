import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { host } from '../host/tables.ts';

export const exhibition = pgTable(
  'exhibition',
  {
    id: idColumn(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => host.id),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('exhibition_host_id_idx').on(t.hostId)],
);
