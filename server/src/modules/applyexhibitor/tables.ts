import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { userAccount } from '../account/tables.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';

/** A settling application (入驻申请) from the public page /ex-live/settled. */
export const exhibitorApply = pgTable(
  'exhibitor_apply',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    company: text('company').notNull(),
    categoryIds: uuid('category_ids').array().notNull(),
    email: text('email'),
    licenceUrl: text('licence_url'),
    companyEn: text('company_en'),
    region: text('region'),
    message: text('message'),
    ip: text('ip'),
    /** The applicant's language (Accept-Language of the settling page), for the approval message. */
    lang: text('lang').notNull().default('zh-CN'),
    /** What the approval created. */
    exhibitorId: uuid('exhibitor_id').references(() => exhibitor.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => company.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => userAccount.id, { onDelete: 'set null' }),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('exhibitor_apply_exhibition_state_idx').on(t.exhibitionId, t.auditState, t.createdAt), index('exhibitor_apply_mobile_idx').on(t.mobile)],
);
