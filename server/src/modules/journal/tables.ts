import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { joinColumns } from '../exhibitor/tables.ts';

/** An exhibitor's catalogue entry (会刊): one per exhibitor, submitted for the host's audit. */
export const exhibitorJournal = pgTable(
  'exhibitor_journal',
  {
    id: idColumn(),
    ...joinColumns(),
    compName: text('comp_name').notNull(),
    compNameEn: text('comp_name_en'),
    logo: text('logo'),
    introduction: text('introduction'),
    introductionEn: text('introduction_en'),
    exhibits: text('exhibits'),
    exhibitsEn: text('exhibits_en'),
    contact: text('contact'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    address: text('address'),
    addressEn: text('address_en'),
    ...auditColumns,
    ...timestamps,
  },
  (t) => [uniqueIndex('exhibitor_journal_exhibitor_id_key').on(t.exhibitorId), index('exhibitor_journal_exhibition_state_idx').on(t.exhibitionId, t.auditState)],
);
