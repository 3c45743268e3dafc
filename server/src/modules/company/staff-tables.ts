import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { company } from './tables.ts';

/** A company's staff contacts (`/api/staff`); one may be the default contact. */
export const companyStaff = pgTable(
  'company_staff',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: text('position'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('company_staff_company_id_idx').on(t.companyId)],
);
