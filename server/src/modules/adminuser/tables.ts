import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { userAccount } from '../account/tables.ts';

/**
 * A deleted administrator login. The account row stays (disabled) so the operation log and the
 * records it decided keep pointing at it; the list no longer shows it and it never signs in again.
 */
export const adminUserRemoval = pgTable('admin_user_removal', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => userAccount.id, { onDelete: 'cascade' }),
  removedBy: uuid('removed_by'),
  ...timestamps,
});
