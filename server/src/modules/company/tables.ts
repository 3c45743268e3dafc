import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { userAccount } from '../account/tables.ts';
import { exhibition } from '../exhibition/tables.ts';

export const company = pgTable('company', {
  id: idColumn(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  logo: text('logo'),
  region: text('region'),
  address: text('address'),
  ...timestamps,
  ...softDelete,
});

/** The logins of a company; the exhibitor area signs them in per exhibition. */
export const companyUser = pgTable(
  'company_user',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('company_user_company_user_key').on(t.companyId, t.userId), index('company_user_user_id_idx').on(t.userId)],
);

/** A company's participation in one exhibition (the spec's "join"). */
export const exhibitor = pgTable(
  'exhibitor',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('exhibitor_exhibition_company_key').on(t.exhibitionId, t.companyId),
    index('exhibitor_company_id_idx').on(t.companyId),
  ],
);
