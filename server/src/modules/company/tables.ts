import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { userAccount } from '../account/tables.ts';

export const company = pgTable('company', {
  id: idColumn(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  logo: text('logo'),
  region: text('region'),
  address: text('address'),
  /** Profile fields the exhibitor edits (PUT /api/v3/company). */
  introduction: text('introduction'),
  introductionEn: text('introduction_en'),
  website: text('website'),
  phone: text('phone'),
  email: text('email'),
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

/** The exhibitor (join) table lives with its module; re-exported for the imports that name it here. */
export { exhibitor } from '../exhibitor/tables.ts';
