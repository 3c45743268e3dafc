import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { joinColumns } from '../exhibitor/tables.ts';

/** The booth fascia board (楣板): the company name as printed on the stand, one per exhibitor. */
export const exhibitorLintel = pgTable(
  'exhibitor_lintel',
  {
    id: idColumn(),
    ...joinColumns(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    ...auditColumns,
    ...timestamps,
  },
  (t) => [uniqueIndex('exhibitor_lintel_exhibitor_id_key').on(t.exhibitorId), index('exhibitor_lintel_exhibition_state_idx').on(t.exhibitionId, t.auditState)],
);
