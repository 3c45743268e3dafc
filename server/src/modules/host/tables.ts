import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { userAccount } from '../account/tables.ts';

export const host = pgTable('host', {
  id: idColumn(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  phoneNumber: text('phone_number'),
  contactName: text('contact_name'),
  email: text('email'),
  ownerUserId: uuid('owner_user_id').references(() => userAccount.id, { onDelete: 'set null' }),
  ...timestamps,
  ...softDelete,
});

/** A login that works for a host (its staff). The owner has one too. */
export const hostInUser = pgTable(
  'host_in_user',
  {
    id: idColumn(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => host.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    /** Reaches every exhibition of the host; false limits it to its `host_in_user_exhibition` rows. The owner always reaches all. */
    allExhibitions: boolean('all_exhibitions').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('host_in_user_host_user_key').on(t.hostId, t.userId), index('host_in_user_user_id_idx').on(t.userId)],
);
