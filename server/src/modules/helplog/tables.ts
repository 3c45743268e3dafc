import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { userAccount } from '../account/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';

/** An exhibitor user opened a help item (the exhibitor area's Help page); the host sees totals. */
export const helpLog = pgTable(
  'help_log',
  {
    id: idColumn(),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url'),
    ...timestamps,
  },
  (t) => [index('help_log_exhibitor_id_idx').on(t.exhibitorId, t.createdAt)],
);
