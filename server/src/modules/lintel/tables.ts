import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';

/** The booth fascia board (楣板): the company name as printed on the stand, one per exhibitor. */
export const exhibitorLintel = pgTable(
  'exhibitor_lintel',
  {
    id: idColumn(),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    ...auditColumns,
    ...timestamps,
  },
  (t) => [uniqueIndex('exhibitor_lintel_exhibitor_id_key').on(t.exhibitorId), index('exhibitor_lintel_exhibition_state_idx').on(t.exhibitionId, t.auditState)],
);
