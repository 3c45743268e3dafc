import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../audit/columns.ts';
import { idColumn, timestamps } from '../../db/columns.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';

/**
 * A company's business licence (营业执照), audited by the host of the exhibition it was submitted
 * from (the audit type "company"). One per company, kept across exhibitions.
 */
export const companyLicence = pgTable(
  'company_licence',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    /** The exhibition of the latest submission: its host audits it. */
    exhibitionId: uuid('exhibition_id').references(() => exhibition.id, { onDelete: 'set null' }),
    exhibitorId: uuid('exhibitor_id'),
    licenceUrl: text('licence_url').notNull(),
    creditCode: text('credit_code'),
    legalPerson: text('legal_person'),
    registeredAddress: text('registered_address'),
    validUntil: text('valid_until'),
    ...auditColumns,
    ...timestamps,
  },
  (t) => [uniqueIndex('company_licence_company_key').on(t.companyId), index('company_licence_exhibition_idx').on(t.exhibitionId)],
);
